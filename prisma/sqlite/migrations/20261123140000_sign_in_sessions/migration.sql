-- CreateTable
CREATE TABLE "login_codes" (
    "code_hash" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "used_at" DATETIME
);

-- CreateTable
CREATE TABLE "auth_sessions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "refresh_token_hash" TEXT NOT NULL,
    "refresh_expires_at" DATETIME NOT NULL,
    "created_at" DATETIME NOT NULL,
    "last_used_at" DATETIME NOT NULL,
    "user_agent" TEXT,
    "revoked_at" DATETIME,
    "revoked_reason" TEXT
);

-- CreateTable
CREATE TABLE "spent_refresh_tokens" (
    "token_hash" TEXT NOT NULL PRIMARY KEY,
    "session_id" TEXT NOT NULL,
    "spent_at" DATETIME NOT NULL,
    CONSTRAINT "spent_refresh_tokens_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "auth_sessions" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "login_codes_expires_at_idx" ON "login_codes"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "auth_sessions_refresh_token_hash_key" ON "auth_sessions"("refresh_token_hash");

-- CreateIndex
CREATE INDEX "auth_sessions_user_id_created_at_idx" ON "auth_sessions"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "spent_refresh_tokens_session_id_idx" ON "spent_refresh_tokens"("session_id");
