# Shared by bin/test, bin/demo and the bench commands: make this machine able to run the real parts.
# Needs root (zfs-fuse, loop devices and network namespaces do).

# Debian packages the tests, the demo and the benchmarks use (prometheus: promtool reads the metrics files;
# libfaketime: another host's clock, and bin/test-clock-ahead).
ZFSR_PACKAGES=(zfs-fuse xxhash python3-xxhash mbuffer pv socat zstd lz4 openssh-server openssh-client
  xfsprogs btrfs-progs iproute2 procps psmisc util-linux maven time nodejs prometheus libfaketime)

zfsr_require_root() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "error: run as root: zfs-fuse, loop devices and network namespaces need it" >&2
    exit 2
  fi
}

zfsr_install_packages() {
  local missing=()
  for package in "${ZFSR_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
}

# The npm packages the trend chart test draws with (offline/render: echarts, versions pinned in its
# package-lock.json); TrendChartScriptTest fails under CI=true without them.
zfsr_install_render_tools() {
  # npm ci reinstalls from the registry every time; what is installed and matches the lock file stays
  # (bin/test-clock-ahead runs where no registry certificate is valid yet)
  npm ls --prefix offline/render --omit=dev >/dev/null 2>&1 ||
    npm ci --prefix offline/render --omit=dev --no-audit --no-fund --loglevel=error
}

# Runs a command with only stdin, stdout and stderr open. A daemon started from a command that runs
# under "flock /tmp/zfsr-zfs-fuse.lock ..." would otherwise inherit the lock's descriptor and hold
# the lock for as long as it runs, long after that command ended: every later flock then waits
# forever.
zfsr_without_inherited_fds() {
  (
    for fd in /proc/self/fd/*; do
      fd=${fd##*/}
      if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi
    done
    exec "$@"
  )
}

zfsr_start_zfs_fuse() {
  [ -e /dev/fuse ] || { modprobe fuse 2>/dev/null || true; }
  [ -e /dev/fuse ] || mknod -m 666 /dev/fuse c 10 229
  if ! pgrep -x zfs-fuse >/dev/null; then
    echo "starting zfs-fuse"
    # a daemon that died leaves its pid file and socket, and zfs-fuse then refuses to start
    rm -f /run/zfs-fuse.pid /var/run/zfs/zfs_socket
    mkdir -p /var/lock/zfs /run
    zfsr_without_inherited_fds zfs-fuse --no-kstat-mount -p /run/zfs-fuse.pid
  fi
  for _ in $(seq 1 60); do
    zpool list -H >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "error: zfs-fuse did not answer 'zpool list' within 30 s" >&2
  exit 1
}
