"""An aiosmtpd Maildir handler that stalls before a message is sent while a flag file exists, and
refuses recipients whose mailbox starts with "bounce" (550), as a server does for unknown users.
With a third argument n, it drops the connection on every nth message instead of answering its data:
the client has sent the whole mail and hears nothing back, and the server keeps nothing of it.

While `flag` exists, RCPT TO is not answered, so a client holding the connection has handed over no
message yet: a client killed then leaves nothing behind on the server, and its mail must come again
from whoever takes its claim. Without the flag it is aiosmtpd's own Mailbox handler.
"""
import asyncio
import os

from aiosmtpd.handlers import Mailbox


class HangingMailbox(Mailbox):
    def __init__(self, mail_dir, flag, drop_every=0):
        super().__init__(mail_dir)
        self.flag = flag
        self.drop_every = int(drop_every)
        self.received = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        while os.path.exists(self.flag):
            await asyncio.sleep(0.05)
        if address.startswith("bounce"):
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.received += 1
        if self.drop_every and self.received % self.drop_every == 0:
            server.transport.abort()
            return "421 4.4.2 Connection dropped"
        return await super().handle_DATA(server, session, envelope)

    @classmethod
    def from_cli(cls, parser, *args):
        if len(args) not in (2, 3):
            parser.error("usage: HangingMailbox <maildir> <flag file> [drop every nth message]")
        return cls(*args)
