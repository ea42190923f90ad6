#!/usr/bin/env bash
# Proves the README's Quick start on a stranger's machine: builds a fresh Debian 12 minbase root
# (mmdebstrap, with this host's apt sources and apt settings), clones the commit under test into
# it with nothing beside the clone, and runs there, as root with a clean environment, exactly the
# README's two commands:
#   scripts/run.sh --screenshot FILE   (install, build, start the app; the flag renders one
#                                      screenshot and exits, which is checked to be a real image)
#   scripts/test.sh                    (install, build, run every test)
# then builds the Debian package (scripts/package.sh), installs it with apt-get into a second
# fresh root and smoke-tests the installed programs. Prints each stage's duration.
#   scripts/fresh-check.sh            # the checked-out HEAD
#   scripts/fresh-check.sh COMMIT     # another commit of this repository
#   LLMSIZER_FRESH_KEEP=1             # keep the roots (under /var/tmp) for inspection
#   LLMSIZER_SKIP_TIDY=1 (…_ASAN, …_FUZZ) are passed into the root, for a quicker look; CI sets none
# Needs root (mount, chroot), network access to the Debian archive, and about 6 GB of disk.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$repo" rev-parse "${1:-HEAD}")

if [ "$(id -u)" -ne 0 ]; then
    echo "error: scripts/fresh-check.sh needs root (it mounts /proc, /dev and /sys and chroots)" >&2
    exit 1
fi

start=$SECONDS
last=$SECONDS
summary=""
current=""
stage() {
    [ -n "$current" ] && summary+=$(printf '%7d s  %s' $((SECONDS - last)) "$current")$'\n'
    echo "== fresh root: $* (at $((SECONDS - start)) s; previous stage $((SECONDS - last)) s)"
    current="$*"
    last=$SECONDS
}

work=$(mktemp -d /var/tmp/llm-sizer-fresh.XXXXXX)
mounted=()
cleanup() {
    local status=$?
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
        umount -R "${mounted[$i]}" 2>/dev/null || umount -lR "${mounted[$i]}" 2>/dev/null || true
    done
    if [ "${LLMSIZER_FRESH_KEEP:-0}" = 1 ]; then
        echo "roots kept in $work"
    else
        # Never follow anything out of the work directory: only remove it once nothing is mounted.
        if ! grep -q " $work/" /proc/mounts; then
            rm -rf --one-file-system "$work"
        else
            echo "warning: something is still mounted under $work; not removed" >&2
        fi
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A new root from the base image, with /proc, /dev and /sys of the host.
make_root() {
    local root=$1
    mkdir -p "$root"
    tar -C "$root" -xf "$work/base.tar"
    for fs in proc sys dev; do
        mount --rbind "/$fs" "$root/$fs"
        mount --make-rslave "$root/$fs"
        mounted+=("$root/$fs")
    done
    cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
}

# Runs a command in a root, as root, with nothing of the caller's environment.
in_root() {
    local root=$1
    shift
    local pass=()
    for v in LLMSIZER_SKIP_TIDY LLMSIZER_SKIP_ASAN LLMSIZER_SKIP_FUZZ; do
        [ -n "${!v:-}" ] && pass+=("$v=${!v}")
    done
    chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "${pass[@]}" \
        /bin/bash -euo pipefail -c "$*"
}

# A PNG that decodes and is not a single colour.
check_png() {
    local file=$1
    [ -s "$file" ] || { echo "error: $file is missing or empty" >&2; return 1; }
    if command -v python3 >/dev/null 2>&1; then
        python3 "$repo/scripts/png-check.py" "$file"
    else
        [ "$(stat -c %s "$file")" -gt 20000 ] || { echo "error: $file is too small" >&2; return 1; }
        echo "$file: $(stat -c %s "$file") bytes (python3 absent: size checked only)"
    fi
}

stage "install mmdebstrap on the host if missing"
if ! command -v mmdebstrap >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mmdebstrap
fi

stage "build a Debian 12 minbase root"
sources=()
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -s "$f" ] && sources+=("$f")
done
aptopts=()
for f in /etc/apt/apt.conf.d/*; do
    [ -f "$f" ] && aptopts+=("--aptopt=$f")
done
mmdebstrap --variant=minbase --quiet "${aptopts[@]}" bookworm "$work/base.tar" "${sources[@]}"

stage "clone $commit into the root (nothing beside the clone)"
root="$work/root"
make_root "$root"
git clone --quiet --no-hardlinks "$repo" "$root/root/src/llm-sizer"
git -C "$root/root/src/llm-sizer" checkout --quiet --detach "$commit"

stage "README command 1: scripts/run.sh (install, build, start; one screenshot)"
in_root "$root" "cd /root/src/llm-sizer && scripts/run.sh --screenshot /root/first-start.png"
check_png "$root/root/first-start.png"

stage "README command 2: scripts/test.sh (install, build, every test)"
in_root "$root" "cd /root/src/llm-sizer && scripts/test.sh"

stage "build the Debian package (scripts/package.sh)"
in_root "$root" "cd /root/src/llm-sizer && scripts/package.sh"
deb=$(ls "$root"/root/src/llm-sizer/build/packages/llm-sizer_*_amd64.deb)
dpkg-deb -I "$deb"

stage "install the package with apt-get in a second fresh root and smoke-test it"
root2="$work/root2"
make_root "$root2"
cp "$deb" "$root2/root/"
in_root "$root2" "apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends ./root/$(basename "$deb") >/dev/null"
in_root "$root2" "cd /root && llm-sizer --version && llm-sizer-cli --version && \
    llm-sizer-cli count --preset llama-3-70b | tee count.txt && grep -q '70,553,706,496' count.txt && \
    llm-sizer --preset gpt-2-small --screenshot /root/installed.png && \
    test -f /usr/share/applications/org.llmsizer.LlmSizer.desktop && \
    test -f /usr/share/metainfo/org.llmsizer.LlmSizer.metainfo.xml && \
    test -f /usr/share/icons/hicolor/scalable/apps/org.llmsizer.LlmSizer.svg"
check_png "$root2/root/installed.png"

stage "done: both README commands and the package pass in fresh roots"
echo "== fresh root: stage times"
printf '%s' "$summary"
printf '%7d s  whole run\n' $((SECONDS - start))
