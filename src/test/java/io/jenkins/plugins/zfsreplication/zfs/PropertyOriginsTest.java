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
        builder.local("tank/data\t" + KEEP, ASKED);
        builder.local("tank/data/b\t" + KEEP, ASKED);
        builder.local("tank/data/a@zr-1\t" + KEEP, ASKED); // a snapshot's own value says nothing of its dataset
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
    }

    @Test
    void shouldRefuseLinesThatAreNotWhatWasAskedFor() {
        PropertyOrigins.Builder builder = new PropertyOrigins.Builder();

        assertThatThrownBy(() -> builder.local("tank/data\tcompression", ASKED)).isInstanceOf(ZfsException.class)
                .hasMessageStartingWith("Unexpected line from zfs get: 'tank/data");
        assertThatThrownBy(() -> builder.local("tank/data", ASKED)).isInstanceOf(ZfsException.class);
        assertThatThrownBy(() -> builder.inherited("tank/data\t" + KEEP + "\tlocal", ASKED))
                .isInstanceOf(ZfsException.class).hasMessageContaining("expected 'inherited from DATASET'");
        assertThatThrownBy(() -> builder.inherited("tank/data\t" + KEEP + "\tinherited from tank;rm", ASKED))
                .isInstanceOf(ZfsException.class).hasMessageContaining("Invalid ZFS name 'tank;rm'");
    }
}
