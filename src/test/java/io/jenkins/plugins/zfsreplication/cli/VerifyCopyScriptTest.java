package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The package's verify-copy, which a sudoers line lets a backup user run as root: anything but one
 * snapshot name under a root that root listed is refused before zfs-replication starts, so no
 * option (verify's -o, --report, --csv, --chart write files) ever reaches it as root. Run as the
 * real script with sh.
 */
class VerifyCopyScriptTest {
    private static final Path SCRIPT = Path.of(System.getProperty("zfsr.repo.root", "../.."), "offline", "plugin",
            "package", "verify-copy");

    /** What the script printed on stderr and its exit status. */
    private record Outcome(int status, String err) {
    }

    @Test
    void shouldRefuseEverythingButOneSnapshotName() throws Exception {
        assertThat(run()).isEqualTo(new Outcome(2, "usage: verify-copy DATASET@SNAPSHOT\n"));
        assertThat(run("backup/a@b", "-o")).isEqualTo(new Outcome(2, "usage: verify-copy DATASET@SNAPSHOT\n"));
        for (String bad : List.of("-o", "--report=/etc/shadow", "-oX@y", "backup/a", "backup/a@b;touch /x",
                "backup/a@b c", "backup/a@b@c", "@b", "backup/a@", "backup//a@b", "backup/a/@b", "backup/a@b\n-o")) {
            assertThat(run(bad)).as(bad).isEqualTo(new Outcome(2, "verify-copy: '" + bad + "' is not a snapshot name\n"));
        }
    }

    @Test
    void shouldRefuseASnapshotUnderNoListedRoot() throws Exception {
        Path roots = Path.of("/etc/zfs-replication/verify-copy.roots");
        if (!Files.exists(roots)) {
            assertThat(run("tank/secret@zr-1")).isEqualTo(new Outcome(2,
                    "verify-copy: tank/secret is under no root in " + roots + "\n"));
        } else {
            assertThat(Files.readAllLines(roots)).doesNotContain("tank", "tank/secret");
            assertThat(run("tank/secret@zr-1").status()).isEqualTo(2);
        }
    }

    private static Outcome run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("sh", SCRIPT.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Outcome(process.waitFor(), err);
    }
}
