package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Reading {@code zfs diff -H -F} output. The fixture is what OpenZFS 2.3.2 printed for a tree in
 * which a directory was renamed, files were edited, renamed, removed and added, a link was made, a
 * name with a space removed and a name with a non-ASCII letter added, and a hard link removed.
 */
class TreeChangesTest {
    private static final String OUTPUT = String.join("\n",
            "R\t/\t/tp/ds/d1\t/tp/ds/d2",
            "M\t/\t/tp/ds/d3",
            "M\tF\t/tp/ds/big",
            "M\t/\t/tp/ds/",
            "M\tF\t/tp/ds/a",
            "-\tF\t/tp/ds/sp\\0040ace",
            "R\tF\t/tp/ds/d1/e\t/tp/ds/d2/e",
            "R\tF\t/tp/ds/d3/f\t/tp/ds/d3/g",
            "+\t@\t/tp/ds/link",
            "+\tF\t/tp/ds/n\\0303\\0251e",
            "+\t/\t/tp/ds/newdir",
            "+\tF\t/tp/ds/newdir/n",
            "");

    @Test
    void shouldSortTheChangesIntoRemovedRenamedAndToBeReadPathsRelativeToTheMountPoint() {
        TreeChanges changes = TreeChanges.parse(OUTPUT, "/tp/ds");

        assertThat(changes.removed()).containsExactly("sp ace");
        assertThat(changes.renamedDirectories()).containsExactlyEntriesOf(Map.of("d1", "d2"));
        assertThat(changes.renamedFiles()).containsExactlyInAnyOrderEntriesOf(Map.of("d1/e", "d2/e", "d3/f", "d3/g"));
        assertThat(changes.changed()).containsExactly("a", "big", "d2/e", "d3/g", "newdir/n", "n\u00e9e");
        assertThat(changes.unsupported()).isNull();
    }

    @Test
    void shouldFollowEachEarlierFileToItsLaterPathOrToNothing() {
        TreeChanges changes = TreeChanges.parse(OUTPUT, "/tp/ds/");

        assertThat(changes.follow("keep/x")).isEqualTo("keep/x"); // untouched
        assertThat(changes.follow("d1/sub/c")).isEqualTo("d2/sub/c"); // below a renamed directory
        assertThat(changes.follow("d1")).isEqualTo("d1"); // a file named like the directory's old name is not below it
        assertThat(changes.follow("d10/x")).isEqualTo("d10/x"); // nor one whose directory starts like it
        assertThat(changes.follow("d1/e")).isNull(); // renamed itself: read again under d2/e
        assertThat(changes.follow("sp ace")).isNull(); // removed
        assertThat(changes.follow("a")).isNull(); // modified: read again
    }

    /**
     * Files written in place (M) are the ones whose earlier lines a partial read builds on; a
     * rename's target, a created file and a file below a renamed directory that was not written are not.
     */
    @Test
    void shouldTellTheFilesModifiedInPlaceAndWhereTheirEarlierLinesAre() {
        TreeChanges changes = TreeChanges.parse(OUTPUT + String.join("\n",
                "M\tF\t/tp/ds/d2/written",
                "-\tF\t/tp/ds/target",
                "R\tF\t/tp/ds/other\t/tp/ds/target",
                "M\tF\t/tp/ds/target"), "/tp/ds");

        assertThat(changes.modified()).containsExactly("a", "big", "d2/written");
        assertThat(changes.modifiedPath("a")).isEqualTo("a");
        assertThat(changes.modifiedPath("d1/written")).isEqualTo("d2/written"); // its directory renamed
        assertThat(changes.modifiedPath("target")).isNull(); // another file has the name now
        assertThat(changes.modifiedPath("keep/x")).isNull(); // unchanged
        assertThat(changes.modifiedPath("newdir/n")).isNull(); // created
        assertThat(changes.follow("d1/written")).isNull(); // read again (in part), not taken over
    }

    @Test
    void shouldFollowNestedRenamesByTheDeepestRenamedDirectory() {
        TreeChanges changes = TreeChanges.parse(String.join("\n",
                "R\t/\t/m/d1\t/m/d2",
                "R\t/\t/m/d1/sub\t/m/d2/inner/sub2"), "/m");

        assertThat(changes.follow("d1/sub/f")).isEqualTo("d2/inner/sub2/f");
        assertThat(changes.follow("d1/other/f")).isEqualTo("d2/other/f");
    }

    @Test
    void shouldNotFollowALinkCountChangeSinceTheOtherNameIsNotListed() {
        TreeChanges changes = TreeChanges.parse("M\tF\t/tp/ds/hard\t(-1)\n", "/tp/ds");

        assertThat(changes.unsupported()).isEqualTo("the link count of hard changed (-1) and zfs diff does not name"
                + " the other link");
        assertThat(changes.changed()).containsExactly("hard");
    }

    @Test
    void shouldReadEscapedBytesIncludingNewlineTabAndBackslash() {
        TreeChanges changes = TreeChanges.parse("+\tF\t/m/a\\0012b\\0011c\\0134d\n", "/m");

        assertThat(changes.changed()).containsExactly("a\nb\tc\\d");
    }

    @Test
    void shouldKeepABytePathThatIsNotUtf8AsTheTreeWalkDecodesIt() {
        TreeChanges changes = TreeChanges.parse("M\tF\t/m/bad\\0377\n", "/m");

        assertThat(changes.changed()).containsExactly("bad\udcff");
    }

    @Test
    void shouldRefuseEveryLineNotOfTheDocumentedForm() {
        for (List<String> bad : List.of(
                List.of("X\tF\t/m/a", "unknown change 'X'"),
                List.of("+\tQ\t/m/a", "unknown file type 'Q'"),
                List.of("+\tF", "expected CHANGE<TAB>TYPE<TAB>PATH"),
                List.of("+\tF\t/m/a\t/m/b", "expected 3 tab-separated fields"),
                List.of("R\tF\t/m/a", "expected 4 tab-separated fields"),
                List.of("M\tF\t/m/a\tx", "expected a link count change such as (+1)"),
                List.of("+\tF\t/elsewhere/a", "the path is not below the mount point /m/"),
                List.of("+\tF\t/m/a/../../etc/passwd", "the path has an empty, '.' or '..' component"),
                List.of("+\tF\t/m/a\\12", "a backslash not followed by four octal digits"),
                List.of("+\tF\t/m/a\\0400", "an escaped byte above 0377"),
                List.of("+\tF\t/m/\u00e9", "an unescaped control or non-ASCII character"))) {
            assertThatThrownBy(() -> TreeChanges.parse(bad.get(0) + "\n", "/m")).as(bad.get(0))
                    .isInstanceOf(VerifyException.class)
                    .hasMessage("zfs diff printed an unexpected line 1 (" + bad.get(1) + "): '"
                            + io.jenkins.plugins.zfsreplication.text.TerminalText.line(bad.get(0)) + "'");
        }
    }
}
