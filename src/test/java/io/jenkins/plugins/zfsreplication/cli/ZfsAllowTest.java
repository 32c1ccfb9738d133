package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code zfs allow DATASET} as OpenZFS prints it (zfs-allow(8)'s layout), read for one user. */
class ZfsAllowTest {
    private static final String OUTPUT = String.join("\n",
            "---- Permissions on tank/home/alice ---------------------------------",
            "Local permissions:",
            "\tuser zfs-replication hold",
            "---- Permissions on tank/home ---------------------------------------",
            "Permission sets:",
            "\t@backup send,snapshot",
            "Create time permissions:",
            "\tdestroy",
            "Local permissions:",
            "\tuser zfs-replication rollback",
            "Descendent permissions:",
            "\tuser zfs-replication release",
            "Local+Descendent permissions:",
            "\tuser zfs-replication bookmark,mount,send",
            "\tuser someone-else destroy",
            "\tgroup staff diff",
            "\teveryone snapshot",
            "");

    @Test
    void shouldCountLocalOnTheDatasetDescendentFromAncestorsAndEveryone() {
        assertThat(ZfsAllow.granted(OUTPUT, "tank/home/alice", "zfs-replication"))
                .containsExactly("bookmark", "hold", "mount", "release", "send", "snapshot");
        // on tank/home itself: its Local grant counts, its Descendent one does not, alice's Local neither
        assertThat(ZfsAllow.granted(OUTPUT, "tank/home", "zfs-replication"))
                .containsExactly("bookmark", "mount", "rollback", "send", "snapshot");
        assertThat(ZfsAllow.granted(OUTPUT, "tank/home", "nobody")).containsExactly("snapshot");
    }
}
