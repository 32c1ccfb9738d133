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
        assertThat(log).containsExactly(cut.target + ": stale resume token (it resumes guid " + oldGuid + " ("
                + cut.source + "@s1), this step sends @s1 guid " + step.to().guidText() + "): aborted with zfs "
                + "recv -A, sending the step from its start");
        assertThat(oldGuid).isNotEqualTo(step.to().guidText());
    }

    /**
     * A token is read, not believed: one cut from {@code zfs send -L -c -i s1 s2} resumes only a step
     * from s1 to s2 sent with those flags; sent without them (the chain's flags, say) it is aborted.
     * One cut from {@code zfs send -i s0 s2} into a target that also has s1 (received with {@code -F},
     * which destroys s1 only at the end) names the step's snapshot, but not its base: aborted too, and
     * the step sent from s1.
     */
    @Test
    @ExtendWith(OpenZfsTestBed.class)
    void shouldUseATokenOnlyForTheStepsSnapshotBaseAndSendFlags(TestPools pools) {
        DatasetName source = pools.create("tsrc");
        DatasetName target = pools.create("tdst").resolve("copy");
        Zfs zfs = new Zfs(pools.runner());
        pools.exec("zfs", "set", "recordsize=1M", source.name());
        for (String snapshot : List.of("s0", "s1", "s2")) {
            pools.exec("dd", "if=/dev/urandom", "of=" + pools.mountpoint(source) + "/" + snapshot, "bs=1M", "count=3",
                    "status=none");
            pools.exec("zfs", "snapshot", source + "@" + snapshot);
        }
        pipe(pools, List.of("zfs", "send", source + "@s0"), List.of("zfs", "recv", target.name()), 0);
        pipe(pools, List.of("zfs", "send", "-i", "@s0", source + "@s1"), List.of("zfs", "recv", target.name()), 0);
        cutPipe(pools, List.of("zfs", "send", "-L", "-c", "-i", "@s1", source + "@s2"), List.of("zfs", "recv", "-s",
                target.name()));
        SendStep step = step(pools, source, target, "s1", "s2");
        List<String> log = new ArrayList<>();

        SendStep withTheFlags = new ZfsPreflight(zfs, zfs).check(step,
                Set.of(SendOption.RESUMABLE, SendOption.LARGE_BLOCKS, SendOption.COMPRESSED), log::add);
        assertThat(withTheFlags.kind()).isEqualTo(SendKind.RESUME);
        SendStep withoutThem = new ZfsPreflight(zfs, zfs).check(step, Set.of(SendOption.RESUMABLE), log::add);

        assertThat(withoutThem).isEqualTo(step);
        assertThat(log).containsExactly(target + ": resuming the interrupted receive of s2 from the target's resume"
                + " token", target + ": stale resume token (its send flags differ from this step's (compressok set, "
                + "largeblockok set)): aborted with zfs recv -A, sending the step from its start");
        assertThat(token(pools, target)).isEqualTo("-");

        cutPipe(pools, List.of("zfs", "send", "-i", "@s0", source + "@s2"), List.of("zfs", "recv", "-s", "-F",
                target.name()));
        String s0 = TestApply.guid(pools, source + "@s0");
        log.clear();

        SendStep fromS1 = new ZfsPreflight(zfs, zfs).check(step, Set.of(SendOption.RESUMABLE), log::add);

        assertThat(fromS1).isEqualTo(step);
        assertThat(log).containsExactly(target + ": stale resume token (it is from guid " + s0 + ", this step from "
                + "@s1 guid " + step.from().guidText() + "): aborted with zfs recv -A, sending the step from its start");
        pipe(pools, new ZfsStreamCommands().source(fromS1, Set.of()), List.of("zfs", "recv", target.name()), 0);
        assertThat(TestApply.guid(pools, target + "@s1")).isEqualTo(step.from().guidText());
        assertThat(TestApply.guid(pools, target + "@s2")).isEqualTo(step.to().guidText());
    }

    /**
     * The snapshots a token or a planned step names, pruned on the source since: the token of s1 to s2
     * with s1 kept only as a bookmark still resumes (zfs send -t finds the bookmark), and once s2 is
     * pruned too, the token is aborted and the night's step goes from the bookmark to s3. Neither
     * fails the night on "the plan is stale".
     */
    @Test
    @ExtendWith(OpenZfsTestBed.class)
    void shouldNotLoseANightToATokenWhoseSnapshotsWerePrunedSince(TestPools pools) {
        DatasetName source = pools.create("bsrc");
        DatasetName target = pools.create("bdst").resolve("copy");
        Zfs zfs = new Zfs(pools.runner());
        for (String snapshot : List.of("s1", "s2")) {
            pools.exec("dd", "if=/dev/urandom", "of=" + pools.mountpoint(source) + "/" + snapshot, "bs=1M", "count=3",
                    "status=none");
            pools.exec("zfs", "snapshot", source + "@" + snapshot);
        }
        pools.exec("zfs", "bookmark", source + "@s1", source + "#s1");
        pipe(pools, List.of("zfs", "send", source + "@s1"), List.of("zfs", "recv", target.name()), 0);
        cutPipe(pools, List.of("zfs", "send", "-i", "@s1", source + "@s2"), List.of("zfs", "recv", "-s", target.name()));
        SendStep toS2 = step(pools, source, target, "s1", "s2");
        pools.exec("zfs", "destroy", source + "@s1");
        String token = token(pools, target);
        SendStep planned = new SendStep(source, target, SendKind.RESUME, toS2.from(), toS2.to(), token, false, -1);
        List<String> log = new ArrayList<>();

        SendStep resumed = new ZfsPreflight(zfs, zfs).check(planned, Set.of(SendOption.RESUMABLE), log::add);

        assertThat(resumed.kind()).isEqualTo(SendKind.RESUME);
        assertThat(log).containsExactly(target + ": resuming the interrupted receive of s2 from the target's resume "
                + "token");

        pools.exec("zfs", "destroy", source + "@s2");
        pools.exec("dd", "if=/dev/urandom", "of=" + pools.mountpoint(source) + "/s3", "bs=1M", "count=1", "status=none");
        pools.exec("zfs", "snapshot", source + "@s3");
        SendStep toS3 = step(pools, source, target, null, "s3");
        SendStep night = new SendStep(source, target, SendKind.RESUME, toS2.from(), toS3.to(), token, false, -1);
        log.clear();

        SendStep fromBookmark = new ZfsPreflight(zfs, zfs).check(night, Set.of(SendOption.RESUMABLE), log::add);

        assertThat(fromBookmark.kind()).isEqualTo(SendKind.INCREMENTAL_FROM_BOOKMARK);
        assertThat(log).singleElement().asString().startsWith(target + ": stale resume token (it resumes guid "
                + toS2.to().guidText() + " (" + source + "@s2), this step sends @s3 guid " + toS3.to().guidText() + ")");
        pipe(pools, new ZfsStreamCommands().source(fromBookmark, Set.of()), List.of("zfs", "recv", target.name()), 0);
        assertThat(TestApply.guid(pools, target + "@s3")).isEqualTo(toS3.to().guidText());
    }

    /** The planned step from {@code from} (null: full) to {@code to} of source, with their GUIDs as they are now. */
    private static SendStep step(TestPools pools, DatasetName source, DatasetName target, String from, String to) {
        return new SendStep(source, target, from == null ? SendKind.FULL : SendKind.INCREMENTAL,
                from == null ? null : ref(pools, source, from), ref(pools, source, to), null, false, -1);
    }

    private static SnapshotRef ref(TestPools pools, DatasetName source, String name) {
        String[] values = pools.exec("zfs", "get", "-Hp", "-o", "value", "guid,createtxg,creation", source + "@" + name)
                .stdout().strip().split("\n");
        return new SnapshotRef(name, Long.parseUnsignedLong(values[0]), Long.parseLong(values[1]),
                Long.parseLong(values[2]));
    }

    /** {@code send | recv} in the guest; the exit status it must have. */
    private static void pipe(TestPools pools, List<String> send, List<String> recv, int status) {
        CommandResult piped = pools.runner().run(List.of("sh", "-c", SshCommandRunner.quote(send) + " | "
                + SshCommandRunner.quote(recv)), Duration.ofMinutes(2));
        assertThat(piped.exitStatus()).as(piped.stderr()).isEqualTo(status);
    }

    /** {@code send | head -c 1MiB | recv -s}: the receive is cut and leaves a token. */
    private static void cutPipe(TestPools pools, List<String> send, List<String> recv) {
        CommandResult cut = pools.runner().run(List.of("sh", "-c", SshCommandRunner.quote(send) + " | head -c " + MIB
                + " | " + SshCommandRunner.quote(recv)), Duration.ofMinutes(2));
        assertThat(cut.succeeded()).as("a cut stream fails the receive").isFalse();
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
        var old = new io.jenkins.plugins.zfsreplication.zfs.Capabilities("old-host", java.util.Set.of());

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
