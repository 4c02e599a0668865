-- CreateTable
CREATE TABLE "list_invitations" (
    "id" BIGSERIAL NOT NULL,
    "list_id" BIGINT NOT NULL,
    "role" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "used_by" TEXT,

    CONSTRAINT "list_invitations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "list_invitations_role_check" CHECK ("role" IN ('editor', 'viewer'))
);

-- CreateIndex
CREATE UNIQUE INDEX "list_invitations_token_hash_key" ON "list_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "list_invitations_list_id_id_idx" ON "list_invitations"("list_id", "id");

-- AddForeignKey
ALTER TABLE "list_invitations" ADD CONSTRAINT "list_invitations_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "list_invitations" ADD CONSTRAINT "list_invitations_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "list_invitations" ADD CONSTRAINT "list_invitations_used_by_fkey" FOREIGN KEY ("used_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
