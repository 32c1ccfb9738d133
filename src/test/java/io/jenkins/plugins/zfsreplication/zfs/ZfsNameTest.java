package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ZfsNameTest {

    @ParameterizedTest
    @ValueSource(strings = {"tank", "tank/home", "tank/a-b_c.d:e", "Pool1/x/y/z"})
    void shouldAcceptValidDatasetNames(String name) {
        assertThat(DatasetName.of(name).name()).isEqualTo(name);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
            "tank/a;rm -rf / => character ';' at position 7",
            "tank/a b => character ' ' (space) at position 7",
            "tank/$(id) => character '$' at position 6",
            "tank/`id` => character '`' at position 6",
            "tank/a|b => character '|' at position 7",
            "tank/a&b => character '&' at position 7",
            "tank/a>b => character '>' at position 7",
            "tank/a'b => character ''' at position 7",
            "tank/../etc => '..' is not allowed",
            "tank//a => empty dataset name component",
            "tank/a/ => empty dataset name component",
            "/tank => empty pool name",
            "1tank => must begin with a letter",
            "mirror/a => reserved",
            "c0t0d0 => reserved",
            "tank@snap => no '@' or '#'",
    })
    void shouldRejectInvalidDatasetNamesNamingTheProblem(String name, String problem) {
        assertThatThrownBy(() -> DatasetName.of(name))
                .isInstanceOf(InvalidNameException.class)
                .hasMessageStartingWith("Invalid ZFS name '" + name + "'")
                .hasMessageContaining(problem);
    }

    @Test
    void shouldRejectControlCharactersAndOverlongNames() {
        assertThatThrownBy(() -> DatasetName.of("tank/a\nb")).hasMessageContaining("U+000A (control character)");
        assertThatThrownBy(() -> DatasetName.of("tank/" + "a".repeat(251))).hasMessageContaining("256 characters");
        assertThat(DatasetName.of("tank/" + "a".repeat(250)).name()).hasSize(255);
    }

    @Test
    void shouldParseSnapshotNames() {
        SnapshotName snapshot = SnapshotName.parse("tank/home@zr-20261129T000000Z");

        assertThat(snapshot.dataset()).isEqualTo(DatasetName.of("tank/home"));
        assertThat(snapshot.snapshot()).isEqualTo("zr-20261129T000000Z");
        assertThat(snapshot).hasToString("tank/home@zr-20261129T000000Z");
        assertThatThrownBy(() -> SnapshotName.parse("tank/home")).hasMessageContaining("needs '@'");
        assertThatThrownBy(() -> SnapshotName.parse("tank@a@b")).hasMessageContaining("more than one '@'");
        assertThatThrownBy(() -> SnapshotName.parse("tank@")).hasMessageContaining("empty snapshot name");
        assertThatThrownBy(() -> SnapshotName.parse("tank@a*")).hasMessageContaining("character '*'");
    }

    @Test
    void shouldRelateDatasets() {
        DatasetName root = DatasetName.of("tank/backup");

        assertThat(DatasetName.of("tank/backup/home/a").relativeTo(root)).isEqualTo("home/a");
        assertThat(root.relativeTo(root)).isEmpty();
        assertThat(DatasetName.of("tank/backupx").isSelfOrDescendantOf(root)).isFalse();
        assertThat(DatasetName.of("other/x").resolve("home/a")).isEqualTo(DatasetName.of("other/x/home/a"));
        assertThat(root.pool()).isEqualTo("tank");
        assertThatThrownBy(() -> DatasetName.of("tank/x").relativeTo(root)).hasMessageContaining("does not lie below");
    }
}
