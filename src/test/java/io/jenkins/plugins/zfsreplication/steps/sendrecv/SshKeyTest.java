package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
    void shouldHandSshAKeyThatIsNoLongerOnDiskAndFreeItOnClose() throws IOException {
        SshKey key = new SshKey("backup", generate().strip()); // credentials often lose the final newline
        List<Path> before = keyDirs();
        Path held;

        try (SshKey.KeyFile file = key.write()) {
            held = file.file();
            assertThat(held.toString()).startsWith("/proc/" + ProcessHandle.current().pid() + "/fd/");
            assertThat(keyDirs()).as("no key directory while the key is in use").isEqualTo(before);
            // ssh-keygen checks the file as ssh does (owner, mode 600) before it reads the key
            CommandResult pub = runner.run(List.of("ssh-keygen", "-y", "-f", held.toString()), TIMEOUT);
            assertThat(pub.exitStatus()).as(pub.stderr()).isZero();
            assertThat(firstTwoFields(pub.stdout())).isEqualTo(firstTwoFields(Files.readString(dir.resolve("key.pub"))));
            assertThat(file.sshOptions(List.of("-p", "2222"))).containsExactly("-p", "2222", "-i", held.toString(),
                    "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes");
        }

        CommandResult after = runner.run(List.of("ssh-keygen", "-y", "-f", held.toString()), TIMEOUT);
        assertThat(after.exitStatus()).as("the key after close").isNotZero();
        assertThat(keyDirs()).isEqualTo(before);
    }

    /** Holds a key as a transfer does, until killed; prints where ssh would read it. */
    static final class Holder {
        public static void main(String[] args) throws Exception {
            SshKey.KeyFile file = new SshKey("backup", Files.readString(Path.of(args[0]))).write();
            System.out.println(file.file());
            System.out.flush();
            Thread.sleep(Duration.ofMinutes(2).toMillis());
        }
    }

    @Test
    void shouldLeaveNoKeyBehindWhenTheAgentDiesHoldingIt(@TempDir Path temporary) throws Exception {
        generate();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process agent = new ProcessBuilder(java, "-Djava.io.tmpdir=" + temporary, "-cp",
                System.getProperty("java.class.path"), Holder.class.getName(), dir.resolve("key").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            String held = new BufferedReader(new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertThat(held).startsWith("/proc/" + agent.pid() + "/fd/");
            CommandResult pub = runner.run(List.of("ssh-keygen", "-y", "-f", held), TIMEOUT);
            assertThat(pub.exitStatus()).as("ssh reads the key another JVM holds: %s", pub.stderr()).isZero();
        } finally {
            agent.destroyForcibly(); // SIGKILL: no finally, no shutdown hook runs in the holder
            assertThat(agent.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }

        try (Stream<Path> left = Files.list(temporary)) {
            assertThat(left).as("what the killed JVM left in its temp directory").isEmpty();
        }
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
        SendRecvSettings settings = new SendRecvSettings("plan.json", "ssh", "127.0.0.1", "-p 1 -o ConnectTimeout=5", "out", TransferOptions.defaults().withBuffer(1 << 20, 0));
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
