# The OpenZFS guest's image recipe, sourced by bin/openzfs-guest. The image cache is keyed by a
# hash of this file: any change here builds a new image on the next start.
#
# A Debian 12 root from debootstrap, the Debian 6.1 kernel, zfs-dkms/zfsutils-linux from
# bookworm-backports (OpenZFS 2.3; dkms builds the module for the kernel in the tree) and a Java 17
# runtime for the project's CLI. Built without loop devices or host mounts: the packages go into a
# chroot whose proc/sys/tmp/devpts mounts live in a private mount namespace, and the ext4 image is
# made with mkfs.ext4 -d.

ZFSR_GUEST_SUITE=bookworm-backports
ZFSR_GUEST_PACKAGES=systemd-sysv,udev,kmod,openssh-server,iproute2,procps,ca-certificates,python3,e2fsprogs,xxhash,mbuffer,pv,socat,zstd,lz4

# The Debian archive this host's apt already uses (deb822 or one-line form); the security archive
# is the one whose URI says so.
guest_mirror() { # $1: "main" or "security"
  local uri
  for uri in $(awk '/^URIs:/ {for (i = 2; i <= NF; i++) print $i}' /etc/apt/sources.list.d/*.sources 2>/dev/null;
               awk '/^deb / {print $2}' /etc/apt/sources.list 2>/dev/null); do
    if [ "$1" = security ]; then [[ $uri == *security* ]] && { echo "$uri"; return; }
    else [[ $uri != *security* ]] && { echo "$uri"; return; }; fi
  done
  [ "$1" = security ] && echo http://deb.debian.org/debian-security || echo http://deb.debian.org/debian
}

# Runs a command in the tree $1 with proc/sys/tmp/devpts mounted in a private mount namespace, so
# that nothing stays mounted on the host when it ends.
guest_chroot() {
  nice -n 10 unshare --mount --propagation private /bin/bash -c '
    tree=$1; shift
    mount -t proc proc "$tree/proc" && mount -t sysfs sys "$tree/sys" && mount -t tmpfs tmp "$tree/tmp" &&
      mount -t devpts -o newinstance,ptmxmode=0666 devpts "$tree/dev/pts" || exit 1
    exec chroot "$tree" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
      DEBIAN_FRONTEND=noninteractive "$@"' _ "$@"
}

# guest_step DESCRIPTION COMMAND...: runs one build step into the build log, timed.
guest_step() {
  local description=$1 started=$(date +%s); shift
  echo "== $description" >> "$guest_build_log"
  "$@" >> "$guest_build_log" 2>&1 || { echo "== FAILED: $description" >> "$guest_build_log"; return 1; }
  echo "== $description: $(( $(date +%s) - started )) s" | tee -a "$guest_build_log" >&2
}

# Builds the image into directory $1 (which must not exist yet has its parent); $2 is the ssh
# public key root accepts. Leaves rootfs.img, vmlinux, initrd.img and build.log there.
guest_build_image() {
  local out=$1 key=$2 tree=$1/tree mirror security kernel
  mirror=$(guest_mirror main); security=$(guest_mirror security)
  mkdir -p "$out"
  guest_build_log=$out/build.log
  guest_step "debootstrap bookworm" nice -n 10 debootstrap --variant=minbase --include="$ZFSR_GUEST_PACKAGES" \
    bookworm "$tree" "$mirror" || return 1
  cat > "$tree/etc/apt/sources.list" <<EOF
deb $mirror bookworm main contrib
deb $mirror bookworm-updates main contrib
deb $security bookworm-security main contrib
deb $mirror $ZFSR_GUEST_SUITE main contrib
EOF
  # no service starts inside the chroot
  printf '#!/bin/sh\nexit 101\n' > "$tree/usr/sbin/policy-rc.d"; chmod +x "$tree/usr/sbin/policy-rc.d"
  # a small initrd: an ext4 root on virtio-blk is all it has to mount (Debian's default is 36 MB)
  mkdir -p "$tree/etc/initramfs-tools/conf.d"
  echo MODULES=list > "$tree/etc/initramfs-tools/conf.d/zfsr.conf"
  printf '%s\n' virtio_pci virtio_blk ext4 crc32c_generic > "$tree/etc/initramfs-tools/modules"
  # The kernel first, zfs after it from backports: with -t backports on the kernel too, apt would
  # pull backports' newer headers and dkms would build for the wrong kernel.
  guest_step "kernel, headers and Java 17" guest_chroot "$tree" bash -c 'apt-get update -q &&
    apt-get install -y -q --no-install-recommends linux-image-amd64 linux-headers-amd64 openjdk-17-jre-headless' || return 1
  kernel=$(ls "$tree/lib/modules" | sort -V | tail -1)
  guest_step "zfs-dkms + zfsutils-linux from $ZFSR_GUEST_SUITE (dkms build for $kernel)" guest_chroot "$tree" bash -c "
    apt-get install -y -q --no-install-recommends -t $ZFSR_GUEST_SUITE zfs-dkms zfsutils-linux &&
    test -f /lib/modules/$kernel/updates/dkms/zfs.ko" || return 1
  guest_configure "$tree" "$key"
  guest_step "initrd" guest_chroot "$tree" update-initramfs -u -k "$kernel" || return 1
  cp "$tree/boot/initrd.img-$kernel" "$out/initrd.img"
  # qemu boots the uncompressed ELF kernel through its PVH entry: under TCG that saves the ~3.5 s
  # the kernel's own xz decompressor takes
  guest_step "vmlinux" /usr/bin/python3 -c '
import lzma, sys
data = open(sys.argv[1], "rb").read()
at = data.find(b"\xfd7zXZ\x00")
while at >= 0:
    try:
        elf = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[at:])
        if elf[:4] == b"\x7fELF":
            open(sys.argv[2], "wb").write(elf)
            sys.exit(0)
    except lzma.LZMAError:
        pass
    at = data.find(b"\xfd7zXZ\x00", at + 1)
sys.exit("no xz-compressed ELF kernel in " + sys.argv[1])' "$tree/boot/vmlinuz-$kernel" "$out/vmlinux" || return 1
  rm -f "$tree/usr/sbin/policy-rc.d"
  guest_chroot "$tree" apt-get clean >/dev/null 2>&1
  local size; size=$(( $(du -sm "$tree" | cut -f1) * 13 / 10 + 1024 ))
  guest_step "ext4 image (${size} MiB, sparse)" mkfs.ext4 -q -F -L zfsr-root -d "$tree" "$out/rootfs.img" "${size}M" || return 1
  rm -rf "$tree"
}

# The guest's configuration: fixed slirp address, root by key only, the 9p share at /host, an ext4
# scratch disk at /zdata for pool image files, zfs units without the udev-settle wait.
guest_configure() {
  local tree=$1 key=$2 unit
  echo zfsr-guest > "$tree/etc/hostname"
  printf '127.0.0.1 localhost\n127.0.1.1 zfsr-guest\n' > "$tree/etc/hosts"
  mkdir -p "$tree/host" "$tree/zdata"
  cat > "$tree/etc/fstab" <<'EOF'
/dev/vda   /       ext4  rw,noatime,errors=remount-ro                     0 0
hostshare  /host   9p    trans=virtio,version=9p2000.L,msize=262144,nofail 0 0
/dev/vdb   /zdata  ext4  rw,noatime,nofail,x-systemd.device-timeout=2s     0 0
EOF
  mkdir -p "$tree/etc/systemd/network"
  printf '[Match]\nName=eth0\n[Network]\nAddress=10.0.2.15/24\nGateway=10.0.2.2\nDNS=10.0.2.3\n' \
    > "$tree/etc/systemd/network/10-eth0.network"
  install -d -m 700 "$tree/root/.ssh"
  install -m 600 "$key" "$tree/root/.ssh/authorized_keys"
  printf 'PermitRootLogin prohibit-password\nPasswordAuthentication no\nUseDNS no\nMaxSessions 64\nMaxStartups 64:30:128\n' \
    > "$tree/etc/ssh/sshd_config.d/zfsr.conf"
  mkdir -p "$tree/etc/systemd/journald.conf.d"
  printf '[Journal]\nStorage=volatile\n' > "$tree/etc/systemd/journald.conf.d/zfsr.conf"
  # the packaged units require systemd-udev-settle, seconds of boot under TCG; the import units
  # settle themselves when they run
  for unit in zfs-load-module zfs-import-cache zfs-import-scan zfs-mount zfs-volume-wait; do
    sed -e '/systemd-udev-settle/d' "$tree/lib/systemd/system/$unit.service" > "$tree/etc/systemd/system/$unit.service"
  done
  for unit in zfs-import-cache zfs-import-scan zfs-volume-wait; do
    sed -i '/^\[Service\]/a ExecStartPre=-/bin/udevadm settle --timeout=60' "$tree/etc/systemd/system/$unit.service"
  done
  guest_chroot "$tree" bash -c '
    systemctl enable systemd-networkd ssh zfs-load-module.service
    systemctl mask systemd-networkd-wait-online.service apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer \
      e2scrub_reap.service fstrim.timer dpkg-db-backup.timer getty@tty1.service systemd-timesyncd.service zfs-zed.service' >> "$guest_build_log" 2>&1
}
