package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import org.junit.jupiter.api.Test;

/**
 * Resumable receive on modern OpenZFS, which zfs-fuse lacks: the flow and argument vectors against
 * a host that answers as OpenZFS 2.x does ({@link OpenZfsHost}: usage text, token and
 * {@code zfs send -nvt} output transcribed in OpenZFS's documented form, see the fixtures).
 */
class ResumeFlowTest {
    private static final String TOKEN = OpenZfsHost.TOKEN;
    private static final long TO_GUID = OpenZfsHost.TO_GUID;
    private static final DatasetName SOURCE = DatasetName.of("tank/home");
    private static final DatasetName TARGET = DatasetName.of("backup/home");

    @Test
    void shouldResumeFromTheTargetsTokenWhenItResumesThisStepsSnapshot() {
        OpenZfsHost host = new OpenZfsHost("openzfs", TO_GUID);
        SendStep step = step(TO_GUID);
        List<String> log = new ArrayList<>();

        SendStep checked = new ZfsPreflight(host.zfs(), host.zfs()).check(step, java.util.Set.of(SendOption.RESUMABLE), log::add);

        assertThat(checked.kind()).isEqualTo(SendKind.RESUME);
        assertThat(checked.resumeToken()).isEqualTo(TOKEN);
        assertThat(new ZfsStreamCommands().source(checked, java.util.Set.of(SendOption.RESUMABLE, SendOption.COMPRESSED)))
                .containsExactly("zfs", "send", "-t", TOKEN);
        assertThat(new ZfsStreamCommands().sink(checked, java.util.Set.of(SendOption.RESUMABLE), TransferOptions.defaults()))
                .containsExactly("zfs", "recv", "-s", "backup/home");
        assertThat(host.commands()).doesNotContain("zfs recv -A backup/home");
        assertThat(log).containsExactly("backup/home: resuming the interrupted receive of zr-2 from the target's resume token");
    }

    @Test
    void shouldAbortAStaleTokenWithRecvMinusAAndSendTheStepFromItsStart() {
        OpenZfsHost host = new OpenZfsHost("openzfs", 12345L);
        SendStep step = step(12345L);
        List<String> log = new ArrayList<>();

        SendStep checked = new ZfsPreflight(host.zfs(), host.zfs()).check(step, java.util.Set.of(SendOption.RESUMABLE), log::add);

        assertThat(checked).isEqualTo(step);
        assertThat(host.commands()).contains("zfs recv -A backup/home");
        assertThat(log).singleElement().asString().contains("stale resume token (it resumes guid " + Long.toUnsignedString(TO_GUID))
                .contains("aborted with zfs recv -A");
    }

    @Test
    void shouldNotLookForATokenWithoutResumableReceive() {
        OpenZfsHost host = new OpenZfsHost("openzfs", TO_GUID);
        SendStep step = step(TO_GUID);

        SendStep checked = new ZfsPreflight(host.zfs(), host.zfs()).check(step, java.util.Set.of(), line -> { });

        assertThat(checked).isEqualTo(step);
        assertThat(host.commands()).noneMatch(command -> command.contains("receive_resume_token"));
    }

    @Test
    void shouldUseRequestedOptionsOnlyWhereBothEndsSupportThemAndSayWhy() {
        var modern = new OpenZfsHost("openzfs", TO_GUID).zfs().capabilities();
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
}
