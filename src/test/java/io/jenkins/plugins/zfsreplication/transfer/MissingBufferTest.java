package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * A sending host without mbuffer (a pull's source, where nothing installs it): the stream goes
 * unbuffered and the run says so once, instead of every step failing; a rate limit, which only
 * mbuffer gives, fails with what to install. The sending side runs under a PATH that has the
 * programs it needs but mbuffer.
 */
@ExtendWith(ZfsTestBed.class)
class MissingBufferTest {
    @TempDir
    Path folder;

    @Test
    void shouldSendUnbufferedWithOneWarningWhereMbufferIsMissing(TestPools pools) throws Exception {
        Replica replica = new Replica(pools, List.of("alpha", "beta"));
        replica.writeAndSnapshot("one.bin", 256 << 10, "s1");
        replica.writeAndSnapshot("two.bin", 64 << 10, "s2");
        List<String> log = java.util.Collections.synchronizedList(new ArrayList<>());

        TransferReport report = engine(replica, withoutMbuffer(), TransferOptions.defaults(), log)
                .run(replica.plan(true, "s1", "s2"));

        assertThat(report.succeeded()).as("%s; log: %s", report.firstError(), log).isTrue();
        for (String name : List.of("alpha", "beta")) {
            assertThat(replica.snapshotsWithGuids(replica.target, name)).as(name).containsExactly(
                    "s1 " + replica.ref(replica.source.resolve(name), "s1").guidText(),
                    "s2 " + replica.ref(replica.source.resolve(name), "s2").guidText());
        }
        // four steps, each unbuffered: said once for the run
        assertThat(log.stream().filter(line -> line.startsWith("warning: mbuffer")).toList()).containsExactly(
                "warning: mbuffer is not installed on " + hostname() + ": the stream goes without a buffer"
                        + " (apt-get install mbuffer)");
    }

    @Test
    void shouldFailARateLimitWithoutMbufferSayingWhatToInstall(TestPools pools) throws Exception {
        Replica replica = new Replica(pools, List.of("alpha"));
        replica.writeAndSnapshot("one.bin", 64 << 10, "s1");
        List<String> log = java.util.Collections.synchronizedList(new ArrayList<>());

        TransferReport report = engine(replica, withoutMbuffer(), TransferOptions.defaults().withBuffer(64L << 20, 1L << 20),
                log).run(replica.plan(true, "s1"));

        assertThat(report.succeeded()).isFalse();
        assertThat(report.firstError()).contains("mbuffer is not installed on " + hostname()
                + ": --rate-limit needs it (apt-get install mbuffer)");
        assertThat(replica.zfs.exists(replica.target.resolve("alpha"))).isFalse();
    }

    @Test
    void shouldBufferWithMbufferWhereItIsInstalled(TestPools pools) {
        Replica replica = new Replica(pools, List.of("alpha"));
        replica.writeAndSnapshot("one.bin", 64 << 10, "s1");
        List<String> log = java.util.Collections.synchronizedList(new ArrayList<>());

        TransferReport report = engine(replica, ProcessSite.local(), TransferOptions.defaults(), log)
                .run(replica.plan(true, "s1"));

        assertThat(report.succeeded()).as("%s; log: %s", report.firstError(), log).isTrue();
        assertThat(log).noneMatch(line -> line.contains("mbuffer is not installed"));
        assertThat(log).anyMatch(line -> line.contains(": started zfs send ") && line.contains(" | mbuffer -q -m 65536k | "));
    }

    /** This host under a PATH of only what the sending side runs, mbuffer left out. */
    private ProcessSite withoutMbuffer() throws IOException {
        Path bin = Files.createDirectories(folder.resolve("bin"));
        for (String program : List.of("sh", "setpriv", "zfs", "cat", "uname")) {
            Path found = which(program);
            Files.createSymbolicLink(bin.resolve(program), found);
        }
        return new ProcessSite("no-mbuffer", List.of("/usr/bin/env", "PATH=" + bin));
    }

    private static Path which(String program) {
        for (String dir : System.getenv("PATH").split(":")) {
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException(program + " is not on this host's PATH");
    }

    private static String hostname() throws IOException, InterruptedException {
        Process uname = new ProcessBuilder("uname", "-n").start();
        String name = new String(uname.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(uname.waitFor()).isZero();
        return name;
    }

    private static TransferEngine engine(Replica replica, ProcessSite sender, TransferOptions options, List<String> log) {
        return new TransferEngine(TransferSetup.zfs(new LocalTransport(), replica.zfs, replica.zfs, sender,
                ProcessSite.local(), StepGate.KEEP_ALL), options, log::add, Clock.systemUTC());
    }
}
