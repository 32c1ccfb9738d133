package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The checks before a step with resumable receive, on OpenZFS in the guest (zfs-fuse has no
 * resume tokens): a receive cut off after 1 MiB leaves a token on the target; a step that sends
 * the same snapshot resumes from it and is estimated as the rest of the stream; a step that sends
 * a snapshot made anew under the same name aborts it ({@code zfs recv -A}) and starts over.
 * (OpenZfsResumeTest runs the whole CLI with a killed sender; the options resolution below is a
 * matter of parsing the usage text, from the OpenZFS fixture.)
 */
class ResumeFlowTest {
    private static final int MIB = 1 << 20;

    @Test
    @ExtendWith(OpenZfsTestBed.class)
    void shouldResumeFromTheTargetsTokenWhenItResumesThisStepsSnapshot(TestPools pools) {
        Cut cut = cut(pools, "fsrc", "fdst");
        List<String> log = new ArrayList<>();

        SendStep checked = new ZfsPreflight(cut.zfs, cut.zfs).check(cut.step(), Set.of(SendOption.RESUMABLE), log::add);

        assertThat(checked.kind()).isEqualTo(SendKind.RESUME);
        assertThat(checked.resumeToken()).isEqualTo(cut.token);
        // the step now sends the rest: its estimate is what zfs send -nP -t prints
        String estimate = pools.exec("zfs", "send", "-nP", "-t", cut.token).stdout().lines()
                .filter(line -> line.startsWith("size\t")).findFirst().orElseThrow().substring(5);
        assertThat(checked.estimatedBytes()).isEqualTo(Long.parseLong(estimate)).isLessThan(4L * MIB);
        assertThat(new ZfsStreamCommands().source(checked, Set.of(SendOption.RESUMABLE, SendOption.COMPRESSED)))
                .containsExactly("zfs", "send", "-t", cut.token);
        assertThat(new ZfsStreamCommands().sink(checked, Set.of(SendOption.RESUMABLE), TransferOptions.defaults()))
                .containsExactly("zfs", "recv", "-s", cut.target.name());
        assertThat(token(pools, cut.target)).isEqualTo(cut.token);
        assertThat(log).containsExactly(cut.target + ": resuming the interrupted receive of s1 from the target's "
                + "resume token");
    }

    @Test
    @ExtendWith(OpenZfsTestBed.class)
    void shouldAbortAStaleTokenWithRecvMinusAAndSendTheStepFromItsStart(TestPools pools) {
        Cut cut = cut(pools, "asrc", "adst");
        String oldGuid = TestApply.guid(pools, cut.source + "@s1");
        pools.exec("zfs", "destroy", cut.source + "@s1");
        pools.exec("zfs", "snapshot", cut.source + "@s1");
        SendStep step = cut.step();
        List<String> log = new ArrayList<>();

        SendStep checked = new ZfsPreflight(cut.zfs, cut.zfs).check(step, Set.of(SendOption.RESUMABLE), log::add);

        assertThat(checked).isEqualTo(step);
        // the partial receive of a new dataset is discarded with its token: the target is gone
        assertThat(pools.runner().run(List.of("zfs", "list", cut.target.name()), Duration.ofMinutes(1)).succeeded())
                .isFalse();
        // OpenZFS cannot even describe a token whose snapshot is gone (the fixtures assumed it could)
        assertThat(pools.runner().run(List.of("zfs", "send", "-nvPt", cut.token), Duration.ofMinutes(1)).succeeded())
                .isFalse();
        assertThat(log).containsExactly(cut.target + ": stale resume token (it resumes guid unknown: the source cannot "
                + "resume it, this step sends " + cut.source + "@s1 guid " + step.to().guidText() + "): aborted with zfs "
                + "recv -A, sending the step from its start");
        assertThat(oldGuid).isNotEqualTo(step.to().guidText());
    }

    @Test
    @ExtendWith(OpenZfsTestBed.class)
    void shouldNotLookForATokenWithoutResumableReceive(TestPools pools) {
        Cut cut = cut(pools, "nsrc", "ndst");
        List<List<String>> commands = new ArrayList<>();
        Zfs recording = new Zfs(new TestApply.Recording(pools.runner(), commands));

        SendStep checked = new ZfsPreflight(recording, recording).check(cut.step(), Set.of(), line -> { });

        assertThat(checked).isEqualTo(cut.step());
        assertThat(commands).noneMatch(command -> String.join(" ", command).contains("receive_resume_token"));
        assertThat(token(pools, cut.target)).isEqualTo(cut.token);
    }

    @Test
    void shouldUseRequestedOptionsOnlyWhereBothEndsSupportThemAndSayWhy() {
        var modern = new OpenZfsHost("openzfs", OpenZfsHost.TO_GUID).zfs().capabilities();
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

    /** A full receive of source@s1 (4 MiB) into target, cut off after 1 MiB with {@code zfs recv -s}. */
    record Cut(Zfs zfs, DatasetName source, DatasetName target, String token, TestPools pools) {
        /** The planned step that sends source@s1 in full, with the snapshot's GUID as it is now. */
        SendStep step() {
            String[] values = pools.exec("zfs", "get", "-Hp", "-o", "value", "guid,createtxg,creation", source + "@s1")
                    .stdout().strip().split("\n");
            return new SendStep(source, target, SendKind.FULL, null, new SnapshotRef("s1",
                    Long.parseUnsignedLong(values[0]), Long.parseLong(values[1]), Long.parseLong(values[2])), null,
                    false, 4L * MIB);
        }
    }

    static Cut cut(TestPools pools, String sourceSuffix, String targetSuffix) {
        DatasetName source = pools.create(sourceSuffix);
        DatasetName target = pools.create(targetSuffix).resolve("copy");
        pools.exec("dd", "if=/dev/urandom", "of=" + pools.mountpoint(source) + "/data", "bs=1M", "count=4",
                "status=none");
        pools.exec("zfs", "snapshot", source + "@s1");
        CommandResult cut = pools.runner().run(List.of("sh", "-c", SshCommandRunner.quote(List.of("zfs", "send",
                source + "@s1")) + " | head -c " + MIB + " | " + SshCommandRunner.quote(List.of("zfs", "recv", "-s",
                target.name()))), Duration.ofMinutes(1));
        assertThat(cut.succeeded()).as("a cut stream fails the receive").isFalse();
        return new Cut(new Zfs(pools.runner()), source, target, token(pools, target), pools);
    }

    static String token(TestPools pools, DatasetName dataset) {
        return pools.exec("zfs", "get", "-H", "-o", "value", "receive_resume_token", dataset.name()).stdout().strip();
    }
}
