package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import org.junit.jupiter.api.Test;

/**
 * Resumable receive on modern OpenZFS, which zfs-fuse lacks: the flow and argument vectors against
 * a host that answers as OpenZFS 2.x does (usage text and {@code zfs send -nvt} output transcribed
 * in OpenZFS's documented form, see the fixtures).
 */
class ResumeFlowTest {
    private static final String TOKEN = "1-e2e1e86a8-f8-789c636064000310a500c4ec50360710e72765a5269740f80cd8e4d3d28a534b18e0";
    private static final long TO_GUID = 0x2b5c36b8e7a1cce0L;
    private static final DatasetName SOURCE = DatasetName.of("tank/home");
    private static final DatasetName TARGET = DatasetName.of("backup/home");

    @Test
    void shouldResumeFromTheTargetsTokenWhenItResumesThisStepsSnapshot() {
        OpenZfsHost host = new OpenZfsHost(TOKEN, TO_GUID);
        SendStep step = step(TO_GUID);
        List<String> log = new ArrayList<>();

        SendStep checked = new ZfsPreflight(host.zfs(), host.zfs()).check(step, java.util.Set.of(SendOption.RESUMABLE), log::add);

        assertThat(checked.kind()).isEqualTo(SendKind.RESUME);
        assertThat(checked.resumeToken()).isEqualTo(TOKEN);
        assertThat(new ZfsStreamCommands().source(checked, java.util.Set.of(SendOption.RESUMABLE, SendOption.COMPRESSED)))
                .containsExactly("zfs", "send", "-t", TOKEN);
        assertThat(new ZfsStreamCommands().sink(checked, java.util.Set.of(SendOption.RESUMABLE), TransferOptions.defaults()))
                .containsExactly("zfs", "recv", "-s", "backup/home");
        assertThat(host.commands).doesNotContain("zfs recv -A backup/home");
        assertThat(log).containsExactly("backup/home: resuming the interrupted receive of zr-2 from the target's resume token");
    }

    @Test
    void shouldAbortAStaleTokenWithRecvMinusAAndSendTheStepFromItsStart() {
        OpenZfsHost host = new OpenZfsHost(TOKEN, 12345L);
        SendStep step = step(12345L);
        List<String> log = new ArrayList<>();

        SendStep checked = new ZfsPreflight(host.zfs(), host.zfs()).check(step, java.util.Set.of(SendOption.RESUMABLE), log::add);

        assertThat(checked).isEqualTo(step);
        assertThat(host.commands).contains("zfs recv -A backup/home");
        assertThat(log).singleElement().asString().contains("stale resume token (it resumes guid " + Long.toUnsignedString(TO_GUID))
                .contains("aborted with zfs recv -A");
    }

    @Test
    void shouldNotLookForATokenWithoutResumableReceive() {
        OpenZfsHost host = new OpenZfsHost(TOKEN, TO_GUID);
        SendStep step = step(TO_GUID);

        SendStep checked = new ZfsPreflight(host.zfs(), host.zfs()).check(step, java.util.Set.of(), line -> { });

        assertThat(checked).isEqualTo(step);
        assertThat(host.commands).noneMatch(command -> command.contains("receive_resume_token"));
    }

    @Test
    void shouldUseRequestedOptionsOnlyWhereBothEndsSupportThemAndSayWhy() {
        var modern = new OpenZfsHost(TOKEN, TO_GUID).zfs().capabilities();
        var old = new io.jenkins.plugins.zfsreplication.zfs.Capabilities("old-host", "unknown", java.util.Set.of());

        OptionResolver.Resolved resolved = OptionResolver.resolve(java.util.Set.of(SendOption.COMPRESSED,
                SendOption.RESUMABLE, SendOption.PROPERTIES), modern, old);

        assertThat(resolved.used()).containsExactly(SendOption.PROPERTIES);
        assertThat(resolved.dropped()).containsExactly(
                "option compressed (-c) dropped: target old-host has no compressed_send",
                "option resumable (-s) dropped: target old-host has no resume_tokens");
        assertThat(OptionResolver.resolve(java.util.Set.of(SendOption.COMPRESSED, SendOption.LARGE_BLOCKS), modern, modern)
                .used()).containsExactlyInAnyOrder(SendOption.COMPRESSED, SendOption.LARGE_BLOCKS);
    }

    private static SendStep step(long toGuid) {
        return new SendStep(SOURCE, TARGET, SendKind.INCREMENTAL, new SnapshotRef("zr-1", 77L, 10, 1700000000L),
                new SnapshotRef("zr-2", toGuid, 20, 1700000100L), null, false, -1);
    }

    /** Answers as an OpenZFS 2.x host whose target holds {@code token}; records every command. */
    private static final class OpenZfsHost implements CommandRunner {
        private final String token;
        private final long sourceGuid;
        final List<String> commands = new ArrayList<>();

        OpenZfsHost(String token, long sourceGuid) {
            this.token = token;
            this.sourceGuid = sourceGuid;
        }

        Zfs zfs() {
            return new Zfs(this);
        }

        @Override
        public CommandResult run(List<String> command, Duration timeout) {
            String line = String.join(" ", command);
            commands.add(line);
            String out = "";
            if (line.equals("zfs -?")) {
                out = fixture("/io/jenkins/plugins/zfsreplication/zfs/openzfs-usage.txt");
            } else if (line.equals("zfs version")) {
                out = "zfs-2.2.2-1\nzfs-kmod-2.2.2-1\n";
            } else if (line.startsWith("zfs get -H -o value receive_resume_token")) {
                out = token + "\n";
            } else if (line.equals("zfs send -nvt " + token)) {
                out = fixture("/io/jenkins/plugins/zfsreplication/transfer/openzfs-send-nvt.txt");
            } else if (line.startsWith("zfs list -Hp -t all")) {
                String dataset = command.get(command.size() - 1);
                out = dataset + "\tfilesystem\t1\t1\t1700000000\t0\t0\n"
                        + dataset + "@zr-1\tsnapshot\t77\t10\t1700000000\t0\t0\n"
                        + dataset + "@zr-2\tsnapshot\t" + Long.toUnsignedString(sourceGuid) + "\t20\t1700000100\t0\t0\n";
            } else if (!line.equals("zfs recv -A backup/home")) {
                return new CommandResult(command, 1, "", "unexpected command " + line);
            }
            return new CommandResult(command, 0, out, "");
        }

        @Override
        public String host() {
            return "openzfs";
        }

        private static String fixture(String name) {
            try (InputStream in = ResumeFlowTest.class.getResourceAsStream(name)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                        .filter(l -> !l.startsWith("#")).collect(Collectors.joining("\n", "", "\n"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
