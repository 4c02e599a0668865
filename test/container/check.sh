#!/usr/bin/env bash
# The container check (part of `npm test`): builds the top-level Dockerfile with podman and uses the
# image as an operator would, on Node 24: healthy by its own HEALTHCHECK, not root, node as PID 1, no
# build tools inside, under 480 MB; `tickler token` and `tickler backup` inside it; a task created and
# listed over REST on the published port; a photo read by local OCR; `podman restart` keeps the data (volume); `podman stop` ends
# it gracefully (exit 0) in under 10 s.
#
# Needs podman and the local base images (bash ../shared/container/setup.sh, as .ci/run does). Without
# podman it says so and passes, unless TICKLER_CONTAINER_CHECK=required (set by .ci/run); =skip skips it.
set -Eeuo pipefail
cd "$(dirname "$0")/../.."

IMAGE=tickler:check
NAME=tickler-check-$$
VOLUME=$NAME-data
MAX_IMAGE_MB=480

case "${TICKLER_CONTAINER_CHECK:-auto}" in
  skip) echo "container check: skipped (TICKLER_CONTAINER_CHECK=skip)"; exit 0 ;;
  required) command -v podman >/dev/null || { echo "container check: podman is not installed (run ../shared/container/setup.sh)" >&2; exit 1; } ;;
  *) command -v podman >/dev/null || { echo "container check: skipped, podman is not installed (../shared/container/setup.sh installs it)"; exit 0; } ;;
esac

STEP=start
# podman 4.3 without systemd logs a harmless error about healthcheck timers on run/stop/rm.
pm() { podman "$@" 2> >(grep -v 'systemd connection' >&2); }
fail() { echo "container check FAILED: $STEP: $*" >&2; exit 1; }
cleanup() {
  local rc=$?
  if [ "$rc" != 0 ] && podman container exists "$NAME" 2>/dev/null; then
    echo "---- container logs (last 60 lines) ----" >&2
    podman logs --tail 60 "$NAME" >&2 2>&1 || true
  fi
  pm rm -f -t 0 "$NAME" >/dev/null 2>&1 || true
  podman volume rm -f "$VOLUME" >/dev/null 2>&1 || true
}
trap cleanup EXIT

# http METHOD URL [TOKEN] [JSON]: prints "<status> <body>"
http() {
  node -e '
    const [method, url, token, body] = process.argv.slice(1);
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    if (body) headers["content-type"] = "application/json";
    fetch(url, { method, headers, body: body || undefined, signal: AbortSignal.timeout(10000) }).then(
      async (r) => console.log(r.status, await r.text()),
      (e) => { console.log(0, String(e)); });' "$@"
}
free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}
wait_healthy() {
  local deadline=$(( $(date +%s) + 120 ))
  until podman healthcheck run "$NAME" >/dev/null 2>&1; do
    [ "$(podman inspect --format '{{.State.Status}}' "$NAME")" = running ] || fail "the container stopped"
    [ "$(date +%s)" -lt "$deadline" ] || fail "not healthy after 120 s"
    sleep 0.5
  done
}

STEP="podman build"
t0=$(date +%s)
build_log=$(mktemp)
podman build --pull=never --format docker -t "$IMAGE" . >"$build_log" 2>&1 ||
  { tail -40 "$build_log" >&2; fail "the image did not build"; }
rm -f "$build_log"
echo "container check: built $IMAGE in $(( $(date +%s) - t0 )) s"

STEP="image size"
size_mb=$(( $(podman image inspect --format '{{.Size}}' "$IMAGE") / 1000000 ))
echo "container check: image size $size_mb MB"
[ "$size_mb" -lt "$MAX_IMAGE_MB" ] || fail "$size_mb MB, the limit is $MAX_IMAGE_MB MB"

STEP="no build tools in the image"
pm run --rm --entrypoint sh "$IMAGE" -c \
  'for p in prisma typescript tsx vite vitest; do [ ! -e /app/node_modules/$p ] || { echo "found $p"; exit 1; }; done; [ ! -e /app/src ]' ||
  fail "the runtime stage holds development packages or sources"

STEP="podman run"
port=$(free_port)
podman volume create "$VOLUME" >/dev/null
pm run -d --name "$NAME" -p "127.0.0.1:$port:3000" -v "$VOLUME:/data" "$IMAGE" >/dev/null
wait_healthy
echo "container check: healthy on port $port"

STEP="unprivileged user"
uid=$(podman exec "$NAME" id -u)
[ "$uid" != 0 ] || fail "runs as root"
[ "$(podman exec "$NAME" id -un)" = node ] || fail "runs as $(podman exec "$NAME" id -un), not node"

STEP="node is PID 1"
pid1=$(podman exec "$NAME" cat /proc/1/cmdline | tr '\0' ' ')
case "$pid1" in node*tickler.js\ serve*) ;; *) fail "PID 1 is: $pid1" ;; esac
node_version=$(podman exec "$NAME" node --version)
case "$node_version" in v24.*) ;; *) fail "the image runs Node $node_version" ;; esac

STEP="tickler token inside the container"
token=$(podman exec "$NAME" tickler token --user alice)
[[ "$token" =~ ^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$ ]] || fail "not a token: $token"

STEP="create and list a task over REST"
created=$(http POST "http://127.0.0.1:$port/tasks" "$token" '{"title":"Ship the image","dueAt":"2026-11-24T09:00:00Z"}')
[[ "$created" == 201\ *'"title":"Ship the image"'* ]] || fail "POST /tasks answered: $created"
listed=$(http GET "http://127.0.0.1:$port/tasks" "$token")
[[ "$listed" == 200\ *'"title":"Ship the image"'* ]] || fail "GET /tasks answered: $listed"

STEP="a photo read by local OCR (tesseract's WebAssembly on Node 24)"
captured=$(node -e '
  const [url, token, file] = process.argv.slice(1);
  const form = new FormData();
  form.append("image", new Blob([require("fs").readFileSync(file)], { type: "image/png" }), "note.png");
  fetch(url, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(120000) }).then(
    async (r) => console.log(r.status, await r.text()), (e) => console.log(0, String(e)));' \
  "http://127.0.0.1:$port/capture" "$token" test/fixtures/capture/note.png)
[[ "$captured" == 200\ *'"title":'* ]] || fail "POST /capture with a photo answered: $captured"

STEP="tickler backup inside the container"
podman exec "$NAME" tickler backup --out /data/backup.db >/dev/null 2>&1 || fail "tickler backup failed"
podman exec "$NAME" node -e 'process.exit(require("fs").statSync("/data/backup.db").size > 0 ? 0 : 1)' || fail "empty backup"

STEP="podman restart keeps the data"
pm restart -t 10 "$NAME" >/dev/null
wait_healthy
listed=$(http GET "http://127.0.0.1:$port/tasks" "$token")
[[ "$listed" == 200\ *'"title":"Ship the image"'* ]] || fail "after restart, GET /tasks answered: $listed"

STEP="podman stop is graceful"
t0=$(date +%s%N)
pm stop -t 10 "$NAME" >/dev/null
stop_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
exit_code=$(podman inspect --format '{{.State.ExitCode}}' "$NAME")
echo "container check: podman stop took $stop_ms ms, exit code $exit_code"
[ "$stop_ms" -lt 10000 ] || fail "took $stop_ms ms (killed at the 10 s timeout)"
[ "$exit_code" = 0 ] || fail "exit code $exit_code"

echo "container check: PASS ($node_version, $size_mb MB, uid $uid)"
