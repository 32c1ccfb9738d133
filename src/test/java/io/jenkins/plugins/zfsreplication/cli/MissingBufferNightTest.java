package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsGuest;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;

/**
 * A night on a host without mbuffer (pull.md's source never installs it), on OpenZFS in the guest:
 * the night runs in the guest under a PATH that has every program there but mbuffer. Its two
 * datasets arrive, unbuffered, and the night says so once, where every step used to fail.
 */
@ExtendWith(OpenZfsTestBed.class)
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class MissingBufferNightTest {
    private static final String NO_MBUFFER = "/tmp/zfsr-no-mbuffer";

    @Test
    void shouldSendEveryDatasetUnbufferedWithOneWarning(TestPools pools, OpenZfsGuest guest) throws IOException {
        DatasetName source = pools.create("mbsrc");
        DatasetName target = pools.create("mbbak").resolve("copy");
        for (String name : List.of("one", "two")) {
            pools.exec("zfs", "create", source.resolve(name).name());
            pools.write(source.resolve(name), "file", new byte[256 << 10]);
        }
        Path dir = Files.createTempDirectory(guest.scratchDirectory(), "no-mbuffer-");
        Path config = dir.resolve("night.conf");
        Files.writeString(config, String.join("\n", List.of("source = " + source, "recursive = yes",
                "target-root = " + target, "verify = off", "runs = " + guest.pathInGuest(dir.resolve("runs")), "")));
        // every program of the guest's PATH but mbuffer, the last directory's where two have one: an ln
        // a directory (an ln a program was 1,500 processes, two minutes under emulation)
        guest.exec("sh", "-c", "rm -rf " + NO_MBUFFER + " && mkdir " + NO_MBUFFER + " && for d in /usr/local/sbin"
                + " /usr/local/bin /usr/sbin /usr/bin /sbin /bin; do set -- \"$d\"/*; [ ! -e \"$1\" ] || ln -sf \"$@\" "
                + NO_MBUFFER + "/ || exit 1; done && rm " + NO_MBUFFER + "/mbuffer");
        try {
            List<String> night = new ArrayList<>(List.of("env", "PATH=" + NO_MBUFFER));
            night.addAll(guest.cliCommand("night", "--config", guest.pathInGuest(config), "--now", "2026-11-01T02:00:00Z"));
            CommandResult result = guest.runner().run(night, Duration.ofMinutes(15));

            assertThat(result.exitStatus()).as(result.stdout() + result.stderr()).isZero();
            // the log names the buffer stage as the mbuffer it stands for
            assertThat(result.stderr()).contains("@zr-20261101T020000Z | mbuffer -q -m 65536k | zfs recv");
            // the root and its two children: three steps, one warning
            assertThat(result.stderr().lines().filter(line -> line.startsWith("warning: mbuffer")).toList())
                    .containsExactly("warning: mbuffer is not installed on zfsr-guest: the stream goes without a buffer"
                            + " (apt-get install mbuffer)");
            for (String name : List.of("one", "two")) {
                assertThat(TestApply.snapshots(pools, target.resolve(name).name())).containsExactly("zr-20261101T020000Z "
                        + TestApply.guid(pools, source.resolve(name) + "@zr-20261101T020000Z"));
            }

            // a rate limit only mbuffer gives: that night fails, saying what to install
            Files.writeString(config, "rate-limit = 1M\n", java.nio.file.StandardOpenOption.APPEND);
            pools.write(source.resolve("one"), "more", new byte[64 << 10]);
            night = new ArrayList<>(List.of("env", "PATH=" + NO_MBUFFER));
            night.addAll(guest.cliCommand("night", "--config", guest.pathInGuest(config), "--now", "2026-11-02T02:00:00Z"));
            CommandResult limited = guest.runner().run(night, Duration.ofMinutes(15));
            assertThat(limited.exitStatus()).as(limited.stdout() + limited.stderr()).isEqualTo(1);
            assertThat(limited.stderr()).contains("mbuffer is not installed on zfsr-guest: --rate-limit needs it"
                    + " (apt-get install mbuffer)");
        } finally {
            guest.exec("rm", "-rf", NO_MBUFFER);
        }
    }
}
