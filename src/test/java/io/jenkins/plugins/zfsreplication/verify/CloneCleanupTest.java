package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.zfsreplication.cli.Main;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The temporary clone a snapshot is read through (zfs-fuse has no .zfs directory) is destroyed
 * whatever ends the verify: an interrupt (an aborted Jenkins build), SIGTERM of the command line,
 * a {@code zfs clone} that created the clone but could not mount it. A leaked clone pins its
 * snapshot: each test ends by destroying the snapshot, which a leaked clone makes zfs refuse.
 */
class CloneCleanupTest {
    @RegisterExtension
    static final ZfsFusePool POOL = new ZfsFusePool();

    private static final VerifyOptions OPTIONS = new VerifyOptions(1 << 16, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 2);

    @TempDir
    Path temporary;

    @Test
    void shouldDestroyTheCloneWhenTheVerifyIsInterrupted() throws IOException {
        String snapshot = snapshotWithData("interrupted", 1 << 20);
        // jnr loads its native library on first use, and fails for the JVM's life when that happens in an
        // interrupted thread: load it before the interrupt (a verify of a plain file)
        Path plain = Files.writeString(temporary.resolve("plain"), "x");
        new Verifier(OPTIONS, 100, null).verify(plain, temporary.resolve("plain.manifest"));
        List<String> log = new ArrayList<>();
        ZfsCloneMounter clones = new ZfsCloneMounter(new ProcessCommandRunner(), log::add);
        // the cancel arrives once the clone is there, before hashing ends (as a build abort does)
        SnapshotMounter interruptedAfterMount = new SnapshotMounter() {
            @Override
            public Path mount(String name) {
                Path root = clones.mount(name);
                Thread.currentThread().interrupt();
                return root;
            }

            @Override
            public void close() {
                clones.close();
            }
        };

        try {
            VerifyResult cancelled = new Verifier(OPTIONS, 100, null).verifySnapshot(snapshot, interruptedAfterMount,
                    temporary.resolve("x.manifest"), null);
            assertThat(cancelled.cancelled()).startsWith("Verification cancelled while hashing ");
            assertThat(temporary.resolve("x.manifest")).doesNotExist();
            assertThat(Thread.currentThread().isInterrupted()).as("the interrupt is kept for the caller").isTrue();
        } finally {
            Thread.interrupted();
        }

        assertThat(log).anyMatch(line -> line.startsWith("running: zfs destroy " + POOL.name() + "/zfsr-verify-"));
        assertNoCloneAndSnapshotDestroyable(snapshot);
    }

    @Test
    void shouldDestroyACloneThatZfsCreatedButCouldNotMount() throws IOException {
        String snapshot = snapshotWithData("unmountable", 64 << 10);
        List<String> log = new ArrayList<>();
        // just before zfs clone runs, its mount point becomes a file: the clone is created, its mount fails
        ZfsCloneMounter clones = new ZfsCloneMounter(new ProcessCommandRunner(), line -> {
            log.add(line);
            if (line.startsWith("running: zfs clone")) {
                Path mountPoint = Path.of(line.replaceFirst(".* -o mountpoint=(\\S+) .*", "$1"));
                try {
                    Files.delete(mountPoint);
                    Files.writeString(mountPoint, "in the way");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        });

        assertThatThrownBy(() -> new Verifier(OPTIONS, 100, null).verifySnapshot(snapshot, clones,
                temporary.resolve("x.manifest"), null)).isInstanceOf(VerifyException.class).hasMessageContaining("zfs clone");

        assertThat(log).anyMatch(line -> line.startsWith("running: zfs destroy " + POOL.name() + "/zfsr-verify-"));
        assertNoCloneAndSnapshotDestroyable(snapshot);
    }

    @Test
    void shouldDestroyTheCloneWhenTheCommandLineGetsSigterm() throws Exception {
        String snapshot = snapshotWithData("signalled", 32 << 20);
        Path err = temporary.resolve("cli.err");
        // the manifest goes to stdout, which nobody reads until the signal: the verify cannot end before it
        Process cli = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "verify", "--block-size", "4096", snapshot)
                .redirectError(err.toFile()).start();
        for (int i = 0; i < 600 && !ZfsFusePool.zfs("list", "-H", "-o", "name", "-r", POOL.name()).contains("zfsr-verify"); i++) {
            Thread.sleep(100);
        }
        assertThat(cli.isAlive()).as("verify still running: %s", Files.readString(err)).isTrue();

        cli.toHandle().destroy(); // SIGTERM (Process.destroy would also close our end of its stdout)
        cli.getInputStream().transferTo(OutputStream.nullOutputStream());

        assertThat(cli.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(cli.exitValue()).isEqualTo(143);
        assertThat(Files.readString(err)).contains("running: zfs destroy " + POOL.name() + "/zfsr-verify-");
        assertNoCloneAndSnapshotDestroyable(snapshot);
    }

    private static String snapshotWithData(String name, int bytes) throws IOException {
        String dataset = POOL.name() + "/" + name;
        ZfsFusePool.zfs("create", dataset);
        byte[] data = new byte[bytes];
        new Random(name.hashCode()).nextBytes(data);
        Files.write(POOL.mountPoint().resolve(name).resolve("data.bin"), data);
        ZfsFusePool.zfs("snapshot", dataset + "@s1");
        return dataset + "@s1";
    }

    private static void assertNoCloneAndSnapshotDestroyable(String snapshot) {
        assertThat(ZfsFusePool.zfs("list", "-H", "-o", "name", "-t", "all", "-r", POOL.name())).doesNotContain("zfsr-verify");
        ZfsFusePool.zfs("destroy", snapshot);
        assertThat(ZfsFusePool.zfs("list", "-H", "-o", "name", "-t", "snapshot", "-r", POOL.name())).doesNotContain(snapshot);
    }
}
