package io.jenkins.plugins.zfsreplication.audit;

import io.jenkins.plugins.zfsreplication.files.Sha256;

import java.io.IOException;
import java.io.FileNotFoundException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Checks a chain of downloaded builds, oldest first by their directories' numbers: each build's
 * audit.json is its own (the number it records is its directory's), every artifact it lists has
 * the recorded size and SHA-256, and each build links to the build given before it with that
 * build's audit.json's SHA-256. Stops at the first break and names the build.
 *
 * <p>What the chain cannot show by itself: that the newest build was not deleted or replaced, nor
 * builds before the first given. For the newest, compare its audit.json's SHA-256 with one kept
 * elsewhere ({@code newestSha256}).
 */
public final class ChainCheck {
    private ChainCheck() {
    }

    /**
     * @param directories  one per build, any order (bad input, as {@link AuditException}: a
     *                     directory without a number or an audit.json, a number given twice)
     * @param newestSha256 the SHA-256 the newest build's audit.json must have, or null
     */
    public static ChainReport check(List<Path> directories, String newestSha256) throws IOException {
        if (directories.isEmpty()) {
            throw new AuditException("no build directories given");
        }
        return checkBuilds(directories.stream().map(BuildDirectory::of).toList(), newestSha256);
    }

    /**
     * The same check on builds however they are kept (a Jenkins job's builds through their artifact
     * manager, say); {@code builds} in any order.
     */
    public static ChainReport checkBuilds(List<? extends ChainBuild> given, String newestSha256) throws IOException {
        if (newestSha256 != null) {
            ArtifactHash.checkHex(newestSha256.toLowerCase(Locale.ROOT), "the expected sha256 of the newest audit.json");
        }
        List<ChainBuild> builds = new ArrayList<>();
        List<Long> skipped = new ArrayList<>();
        for (ChainBuild build : given) {
            if (build.recorded()) {
                builds.add(build);
            } else {
                // a build without zfs steps has no record; had it one that was deleted, the next build's link says so
                skipped.add(build.number());
            }
        }
        if (builds.isEmpty()) {
            throw new AuditException("none of the directories given holds an %s (nor archive/%s): no build with an "
                    + "audit record", AuditRecord.FILE_NAME, AuditRecord.FILE_NAME);
        }
        skipped.sort(null);
        builds.sort(Comparator.comparingLong(ChainBuild::number));
        for (int i = 1; i < builds.size(); i++) {
            if (builds.get(i).number() == builds.get(i - 1).number()) {
                throw new AuditException("build %d is given twice: %s and %s", builds.get(i).number(),
                        builds.get(i - 1).where(), builds.get(i).where());
            }
        }
        String job = null;
        long artifacts = 0;
        ChainBuild before = null;
        String beforeSha256 = null;
        LedgerLinks ledgers = new LedgerLinks();
        AuditRecord first = null;
        List<SkippedBuild> unfinished = new ArrayList<>();
        for (ChainBuild build : builds) {
            byte[] json = readAudit(build);
            AuditRecord record;
            try {
                record = AuditJson.read(json, AuditRecord.FILE_NAME);
            } catch (AuditException e) {
                return ChainReport.brokenAt(build.number(), "%s", e.getMessage());
            }
            if (record.build() != build.number()) {
                return ChainReport.brokenAt(build.number(), "its audit.json is the record of build %d "
                        + "(builds reordered or renamed)", record.build());
            }
            if (job == null) {
                job = record.job();
                first = record;
            } else if (!job.equals(record.job())) {
                return ChainReport.brokenAt(build.number(), "its audit.json is of job '%s', not '%s'", record.job(), job);
            }
            ChainReport artifactBreak = checkArtifacts(build, record);
            if (artifactBreak != null) {
                return artifactBreak;
            }
            artifacts += record.artifacts().size();
            ChainReport ledgerBreak = ledgers.check(build, record);
            if (ledgerBreak != null) {
                return ledgerBreak;
            }
            if (before != null) {
                ChainReport linkBreak = checkLink(before, beforeSha256, record);
                if (linkBreak != null) {
                    return linkBreak;
                }
            }
            ChainReport skippedBreak = checkSkipped(record, builds);
            if (skippedBreak != null) {
                return skippedBreak;
            }
            if (record.previous() != null && record.previous().skipped() != null) {
                record.previous().skipped().stream().filter(b -> b.why() == SkippedBuild.Why.UNFINISHED)
                        .forEach(unfinished::add);
            }
            before = build;
            beforeSha256 = Sha256.of(json);
        }
        if (newestSha256 != null && !newestSha256.toLowerCase(Locale.ROOT).equals(beforeSha256)) {
            return ChainReport.brokenAt(before.number(), "its audit.json has sha256 %s, not the %s expected "
                    + "(edited, or a later build replaced)", beforeSha256, newestSha256.toLowerCase(Locale.ROOT));
        }
        return new ChainReport(true, String.format(Locale.ROOT,
                "audit chain intact: job '%s', builds %d to %d (%d builds, %d artifacts)%s; %s%s", job,
                builds.get(0).number(), before.number(), builds.size(), artifacts,
                newestSha256 == null ? "" : ", newest audit.json as expected", start(builds.get(0).number(), first),
                unfinished(unfinished, skipped)) + ledgers.restarts(), 0);
    }

    /**
     * The builds without a record: the unfinished ones (a later record says what each left: it died
     * before its end), then the rest (no zfs step, or not recorded by a later build yet).
     */
    private static String unfinished(List<SkippedBuild> unfinished, List<Long> skipped) {
        StringBuilder text = new StringBuilder();
        if (!unfinished.isEmpty()) {
            text.append("; unfinished (died before its record): ").append(String.join(", ", unfinished.stream()
                    .map(b -> b.build() + " (left " + String.join(", ", b.left()) + ")").toList()));
        }
        List<Long> rest = skipped.stream().filter(n -> unfinished.stream().noneMatch(b -> b.build() == n)).toList();
        if (!rest.isEmpty()) {
            text.append("; without audit.json, skipped: ").append(rest);
        }
        return text.toString();
    }

    /** A build's audit.json, at most {@link AuditJson#MAX_BYTES}. */
    private static byte[] readAudit(ChainBuild build) throws IOException {
        try (InputStream in = build.open(AuditRecord.FILE_NAME)) {
            byte[] json = in.readNBytes((int) AuditJson.MAX_BYTES + 1);
            if (json.length > AuditJson.MAX_BYTES) {
                throw new AuditException("%s: its audit.json is larger than %d bytes", build.where(), AuditJson.MAX_BYTES);
            }
            return json;
        }
    }

    private static String start(long number, AuditRecord record) {
        if (record.previous() == null) {
            return "build " + number + " starts the chain";
        }
        if (record.previous().sha256() == null) {
            return "build " + number + " restarts the chain: " + record.previousNote();
        }
        return "build " + number + " links to build " + record.previous().build() + ", not checked";
    }

    private static ChainReport checkArtifacts(ChainBuild build, AuditRecord record) throws IOException {
        for (ArtifactHash artifact : record.artifacts()) {
            Hashed hashed;
            try (InputStream in = build.open(ArtifactPaths.check(artifact.path()))) {
                hashed = Hashed.read(in, false);
            } catch (NoSuchFileException | FileNotFoundException e) {
                return ChainReport.brokenAt(build.number(), "artifact %s is missing", artifact.path());
            } catch (AuditException e) {
                return ChainReport.brokenAt(build.number(), "%s", e.getMessage());
            }
            if (!hashed.sha256().equals(artifact.sha256()) || hashed.size() != artifact.size()) {
                return ChainReport.brokenAt(build.number(), "artifact %s was changed (sha256 %s, %d bytes; "
                        + "recorded %s, %d bytes)", artifact.path(), hashed.sha256(), hashed.size(), artifact.sha256(),
                        artifact.size());
            }
        }
        return null;
    }

    /**
     * The numbers a link goes over, as the job's history showed them when the record was made: one
     * that was missing there was deleted before this build ran (the only trace a deleted newest build
     * leaves), one that had no zfs step then cannot hold a record now.
     */
    private static ChainReport checkSkipped(AuditRecord record, List<? extends ChainBuild> given) {
        ChainLink previous = record.previous();
        if (previous == null || previous.skipped() == null) {
            return null;
        }
        if (!previous.absent().isEmpty()) {
            return ChainReport.brokenAt(record.build(), "build%s %s %s not in the job's history when build %d was "
                    + "recorded: deleted before it ran (it links over %s to build %d)",
                    previous.absent().size() == 1 ? "" : "s", join(previous.absent()),
                    previous.absent().size() == 1 ? "was" : "were", record.build(),
                    previous.absent().size() == 1 ? "it" : "them", previous.build());
        }
        for (SkippedBuild skipped : previous.skipped()) {
            boolean recordless = skipped.why() == SkippedBuild.Why.NO_ZFS_STEP
                    || skipped.why() == SkippedBuild.Why.UNFINISHED;
            if (recordless && given.stream().anyMatch(build -> build.number() == skipped.build())) {
                return ChainReport.brokenAt(record.build(), "build %d has an audit record, but when build %d was "
                        + "recorded it was %s (a record added or replaced since?)", skipped.build(), record.build(),
                        skipped.why() == SkippedBuild.Why.UNFINISHED ? "an unfinished build"
                                : "a build without zfs steps");
            }
        }
        return null;
    }

    private static String join(List<Long> numbers) {
        return String.join(", ", numbers.stream().map(String::valueOf).toList());
    }

    private static ChainReport checkLink(ChainBuild before, String beforeSha256, AuditRecord record) {
        long build = record.build();
        ChainLink previous = record.previous();
        if (previous == null) {
            return ChainReport.brokenAt(build, "it starts a new chain (%s), yet build %d comes before it",
                    record.previousNote(), before.number());
        }
        if (previous.build() > before.number()) {
            return ChainReport.brokenAt(build, "its predecessor, build %d, is missing (deleted?); "
                    + "the build given before it is %d", previous.build(), before.number());
        }
        if (previous.build() < before.number()) {
            return ChainReport.brokenAt(build, "it links to build %d, not to build %d given before it "
                    + "(builds reordered, or build %d does not belong here)", previous.build(), before.number(), before.number());
        }
        if (previous.sha256() == null) {
            return ChainReport.brokenAt(build, "the chain was already broken when it ran: %s", record.previousNote());
        }
        if (!previous.sha256().equals(beforeSha256)) {
            return ChainReport.brokenAt(before.number(), "its audit.json was changed after build %d recorded it "
                    + "(sha256 %s, recorded %s)", build, beforeSha256, previous.sha256());
        }
        return null;
    }
}
