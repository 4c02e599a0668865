-- CreateTable
CREATE TABLE "list_invitations" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "list_id" INTEGER NOT NULL,
    "role" TEXT NOT NULL CHECK ("role" IN ('editor', 'viewer')),
    "token_hash" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "used_at" DATETIME,
    "used_by" TEXT,
    CONSTRAINT "list_invitations_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "lists" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "list_invitations_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "list_invitations_used_by_fkey" FOREIGN KEY ("used_by") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "list_invitations_token_hash_key" ON "list_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "list_invitations_list_id_id_idx" ON "list_invitations"("list_id", "id");
