-- CreateTable
CREATE TABLE "health_probes" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "probed_at" DATETIME NOT NULL
);
