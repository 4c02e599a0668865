"""An aiosmtpd Maildir handler that stalls before a message is sent while a flag file exists, and
refuses recipients whose mailbox starts with "bounce" (550), as a server does for unknown users.

While `flag` exists, RCPT TO is not answered, so a client holding the connection has handed over no
message yet: a client killed then leaves nothing behind on the server, and its mail must come again
from whoever takes its claim. Without the flag it is aiosmtpd's own Mailbox handler.
"""
import asyncio
import os

from aiosmtpd.handlers import Mailbox


class HangingMailbox(Mailbox):
    def __init__(self, mail_dir, flag):
        super().__init__(mail_dir)
        self.flag = flag

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        while os.path.exists(self.flag):
            await asyncio.sleep(0.05)
        if address.startswith("bounce"):
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    @classmethod
    def from_cli(cls, parser, *args):
        if len(args) != 2:
            parser.error("usage: HangingMailbox <maildir> <flag file>")
        return cls(args[0], args[1])
