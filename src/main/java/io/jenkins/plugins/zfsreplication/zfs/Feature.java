package io.jenkins.plugins.zfsreplication.zfs;

import java.util.function.Predicate;

/**
 * What a host's zfs may or may not support, each with the test of {@code zfs -?}'s usage text that
 * finds it: the {@link CapabilityProbe} runs these tests, so a new feature is declared here alone.
 */
public enum Feature {
    /** {@code zfs list -p}: exact numbers in a listing (OpenZFS; not zfs-fuse). */
    PARSABLE_LIST(usage -> usage.hasFlags("list", "p")),
    /** {@code zfs send -nP}: a stream's size without sending it. */
    SEND_SIZE_ESTIMATE(usage -> usage.hasFlags("send", "nP")),
    /** {@code zfs recv -u}: a received file system is not mounted (OpenZFS; not zfs-fuse). */
    RECEIVE_NO_MOUNT(usage -> usage.hasFlags("receive", "u")),
    /**
     * {@code zfs recv -o property=value} and {@code -x property}: the receiving host decides a
     * property whatever the stream carries (OpenZFS; not zfs-fuse).
     */
    RECEIVE_OVERRIDES(usage -> usage.hasFlags("receive", "ox")),
    /** {@code zfs recv -s} and {@code zfs send -t}: interrupted receives can be resumed. */
    RESUME_TOKENS(usage -> usage.hasFlags("receive", "s") && usage.hasFlags("send", "t")),
    /** {@code zfs bookmark}. */
    BOOKMARKS(usage -> usage.hasCommand("bookmark")),
    /** {@code zfs hold}/{@code release}; the {@code userrefs} property counts a snapshot's holds. */
    HOLDS(usage -> usage.hasCommand("hold") && usage.hasCommand("release")),
    /** {@code zfs send -w}: encrypted datasets sent as they are stored. */
    RAW_SEND(usage -> usage.hasFlags("send", "w")),
    /** {@code zfs send -c}: compressed blocks sent compressed. */
    COMPRESSED_SEND(usage -> usage.hasFlags("send", "c")),
    /** {@code zfs send -L}: records larger than 128 KiB. */
    LARGE_BLOCKS(usage -> usage.hasFlags("send", "L")),
    /** {@code zfs send -e}: embedded-data blocks sent as such. */
    EMBEDDED_DATA(usage -> usage.hasFlags("send", "e")),
    /** {@code zfs send -b}: only received property values, not the local ones that override them. */
    SEND_BACKUP(usage -> usage.hasFlags("send", "b")),
    /** {@code zfs snapshot a@s b@s ...}: several snapshots in one atomic call (zfs-fuse takes one). */
    // OpenZFS: "snapshot [-r] [-o property=value] ... <filesystem|volume>@<snap> ..."
    MULTI_SNAPSHOT(usage -> usage.synopsis("snapshot").matches("(?s).*@<?snap[a-z]*>? \\.\\.\\..*")),
    /** {@code zfs destroy fs@a,b,c}: several snapshots of one dataset in one call (zfs-fuse takes one). */
    // OpenZFS: "destroy [-dnpRrv] <filesystem|volume>@<snap>[%<snap>][,...]"
    BATCH_DESTROY(usage -> usage.synopsis("destroy").contains("[,...]"));

    private final Predicate<UsageText> test;

    Feature(Predicate<UsageText> test) {
        this.test = test;
    }

    /** True when the usage text shows this feature. */
    boolean foundIn(UsageText usage) {
        return test.test(usage);
    }
}
