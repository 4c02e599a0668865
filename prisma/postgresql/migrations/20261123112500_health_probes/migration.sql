-- CreateTable
CREATE TABLE "health_probes" (
    "id" INTEGER NOT NULL,
    "probed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "health_probes_pkey" PRIMARY KEY ("id")
);
