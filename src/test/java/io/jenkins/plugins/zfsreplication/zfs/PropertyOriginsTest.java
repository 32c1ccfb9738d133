package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Where a user property is set, from what {@code zfs get -s local} and {@code -s inherited} print. */
class PropertyOriginsTest {
    private static final String KEEP = "zfs-replication:keep-target";
    private static final Set<String> ASKED = Set.of(KEEP, "zfs-replication:keep-source");

    @Test
    void shouldNameTheNearestDatasetThatSetsItOrWhatARootInheritsFromAbove() {
        PropertyOrigins.Builder builder = new PropertyOrigins.Builder();
        builder.local("tank/data\t" + KEEP + "\tlocal", ASKED);
        builder.local("tank/data/b\t" + KEEP + "\tlocal", ASKED);
        builder.local("tank/data/a@zr-1\t" + KEEP + "\tlocal", ASKED); // a snapshot's own value says nothing of its dataset
        builder.inherited("tank/other\t" + KEEP + "\tinherited from tank", ASKED);
        PropertyOrigins origins = builder.build();

        assertThat(origins.origin(DatasetName.of("tank/data"), KEEP)).contains(DatasetName.of("tank/data"));
        assertThat(origins.origin(DatasetName.of("tank/data/a"), KEEP)).contains(DatasetName.of("tank/data"));
        assertThat(origins.origin(DatasetName.of("tank/data/a/deep"), KEEP)).contains(DatasetName.of("tank/data"));
        assertThat(origins.origin(DatasetName.of("tank/data/b"), KEEP)).contains(DatasetName.of("tank/data/b"));
        assertThat(origins.origin(DatasetName.of("tank/other/x"), KEEP)).contains(DatasetName.of("tank"));
        assertThat(origins.origin(DatasetName.of("tank/data/a"), "zfs-replication:keep-source")).isEmpty();
        assertThat(origins.origin(DatasetName.of("pool2/data"), KEEP)).isEmpty();
        assertThat(PropertyOrigins.UNKNOWN.origin(DatasetName.of("tank/data"), KEEP)).isEqualTo(Optional.empty());
        assertThat(origins.isReceived(DatasetName.of("tank/data/a"), KEEP)).isFalse();
    }

    @Test
    void shouldTellAValueReceivedWithAStreamOnTheDatasetOrWhereItInheritsItFrom() {
        // a cascade: backup/a received its rules with the stream; backup/a/b inherits them; backup/c set its own
        PropertyOrigins.Builder builder = new PropertyOrigins.Builder();
        builder.local("backup/a\t" + KEEP + "\treceived", ASKED);
        builder.local("backup/c\t" + KEEP + "\tlocal", ASKED);
        builder.inherited("backup/d\t" + KEEP + "\tinherited from backup", ASKED);
        builder.local("backup\t" + KEEP + "\treceived", ASKED);
        PropertyOrigins origins = builder.build();

        assertThat(origins.isReceived(DatasetName.of("backup/a"), KEEP)).isTrue();
        assertThat(origins.isReceived(DatasetName.of("backup/a/b"), KEEP)).isTrue();
        assertThat(origins.origin(DatasetName.of("backup/a/b"), KEEP)).contains(DatasetName.of("backup/a"));
        assertThat(origins.isReceived(DatasetName.of("backup/c/x"), KEEP)).isFalse();
        assertThat(origins.isReceived(DatasetName.of("backup/d"), KEEP)).isTrue();
        assertThat(origins.isReceived(DatasetName.of("backup/e"), KEEP)).isTrue(); // inherits backup's received value
        assertThat(origins.isReceived(DatasetName.of("tank/e"), KEEP)).isFalse();
        assertThatThrownBy(() -> builder.local("backup\t" + KEEP + "\tdefault", ASKED))
                .isInstanceOf(ZfsException.class).hasMessageContaining("expected 'local' or 'received'");
    }

    @Test
    void shouldRefuseLinesThatAreNotWhatWasAskedFor() {
        PropertyOrigins.Builder builder = new PropertyOrigins.Builder();

        assertThatThrownBy(() -> builder.local("tank/data\tcompression\tlocal", ASKED)).isInstanceOf(ZfsException.class)
                .hasMessageStartingWith("Unexpected line from zfs get: 'tank/data");
        assertThatThrownBy(() -> builder.local("tank/data", ASKED)).isInstanceOf(ZfsException.class);
        assertThatThrownBy(() -> builder.inherited("tank/data\t" + KEEP + "\tlocal", ASKED))
                .isInstanceOf(ZfsException.class).hasMessageContaining("expected 'inherited from DATASET'");
        assertThatThrownBy(() -> builder.inherited("tank/data\t" + KEEP + "\tinherited from tank;rm", ASKED))
                .isInstanceOf(ZfsException.class).hasMessageContaining("Invalid ZFS name 'tank;rm'");
    }
}
