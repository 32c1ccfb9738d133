package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SSH credential's key on the agent: a real OpenSSH key, written for ssh -i, and gone afterwards. */
class SshKeyTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private final ProcessCommandRunner runner = new ProcessCommandRunner();

    @TempDir
    Path dir;

    private String generate() throws IOException {
        CommandResult made = runner.run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "zfsr-test",
                "-f", dir.resolve("key").toString()), TIMEOUT);
        assertThat(made.exitStatus()).as(made.stderr()).isZero();
        return Files.readString(dir.resolve("key"));
    }

    @Test
    void shouldWriteAKeySshAcceptsReadableOnlyByItsOwnerAndDeleteItOnClose() throws IOException {
        SshKey key = new SshKey("backup", generate().strip()); // credentials often lose the final newline
        Path written;

        try (SshKey.KeyFile file = key.write()) {
            written = file.file();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(written))).isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(written.getParent())))
                    .isEqualTo("rwx------");
            CommandResult pub = runner.run(List.of("ssh-keygen", "-y", "-f", written.toString()), TIMEOUT);
            assertThat(pub.exitStatus()).as(pub.stderr()).isZero();
            assertThat(firstTwoFields(pub.stdout())).isEqualTo(firstTwoFields(Files.readString(dir.resolve("key.pub"))));
            assertThat(file.sshOptions(List.of("-p", "2222"))).containsExactly("-p", "2222", "-i", written.toString(),
                    "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes");
        }

        assertThat(written).doesNotExist();
        assertThat(written.getParent()).doesNotExist();
    }

    @Test
    void shouldAddTheCredentialsUserOnlyWhereTheHostNamesNoneAndNeverPrintTheKey() throws IOException {
        String secret = generate();
        SshKey key = new SshKey("backup", secret);

        assertThat(key.destination("nas")).isEqualTo("backup@nas");
        assertThat(key.destination("root@nas")).isEqualTo("root@nas");
        assertThat(new SshKey("", secret).destination("nas")).isEqualTo("nas");
        assertThat(key.toString()).doesNotContain("PRIVATE KEY").contains("backup");
        assertThatThrownBy(() -> new SshKey("backup", " ")).hasMessage("The SSH credential holds no private key");
    }

    @Test
    void shouldRemoveTheKeyWhenTheTransferFails(@TempDir Path workspace) throws Exception {
        SshKey key = new SshKey("nobody", generate());
        DatasetName source = DatasetName.of("zfsr-no-such-pool/data");
        PlanJson.write(new ReplicationPlan(Instant.now(), "local", "127.0.0.1", List.of(new DatasetPlan(source,
                DatasetName.of("zfsr-no-such-pool/copy"), DatasetAction.SEND, "test", List.of(new SendStep(source,
                DatasetName.of("zfsr-no-such-pool/copy"), SendKind.FULL, null, new SnapshotRef("s1", 1, 1, 1), null,
                false, -1))))), workspace.resolve("plan.json"));
        SendRecvSettings settings = new SendRecvSettings("plan.json", "ssh", "127.0.0.1",
                "-p 1 -o ConnectTimeout=5", 1, "", "none", "1M", "0", "out");
        List<Path> before = keyDirs();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(log, true, StandardCharsets.UTF_8);

        Throwable thrown = catchThrowable(() -> new SendRecvCallable(settings, () -> stream, key)
                .invoke(workspace.toFile(), null));

        assertThat(keyDirs()).as("thrown: %s", thrown).isEqualTo(before);
        assertThat(log.toString(StandardCharsets.UTF_8)).doesNotContain("PRIVATE KEY");
    }

    private static List<Path> keyDirs() throws IOException {
        try (Stream<Path> all = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return all.filter(p -> p.getFileName().toString().startsWith("zfsr-key-")).sorted().toList();
        }
    }

    private static String firstTwoFields(String publicKeyLine) {
        String[] fields = publicKeyLine.strip().split(" ");
        return fields[0] + " " + fields[1];
    }
}
