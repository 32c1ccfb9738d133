package io.jenkins.plugins.zfsreplication.steps.verify;

import hudson.FilePath;
import hudson.model.Run;
import io.jenkins.plugins.zfsreplication.audit.ArtifactHash;
import io.jenkins.plugins.zfsreplication.audit.AuditException;
import io.jenkins.plugins.zfsreplication.audit.AuditJson;
import io.jenkins.plugins.zfsreplication.audit.AuditRecord;
import io.jenkins.plugins.zfsreplication.files.Sha256;
import io.jenkins.plugins.zfsreplication.steps.views.VerifyRecord;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import jenkins.util.VirtualFile;

/**
 * Finds what an incremental {@code zfsVerify} builds on: the manifest an earlier build of the same
 * job archived for an earlier snapshot of the same dataset under the same artifact name. The
 * manifest comes from the controller's artifact store, never from an agent's workspace, and is
 * copied into the workspace for the agent to read.
 */
final class EarlierManifest {
    /** Builds looked at, newest first: a job kept for years is not walked to its first build. */
    static final int BUILDS_LOOKED_AT = 30;

    /** The earlier build, the snapshot it verified, and the manifest's name among its artifacts. */
    record Choice(Build build, String snapshot, String artifact) {
        /** Copies the manifest from the earlier build's artifacts to {@code destination}. */
        void copyTo(FilePath destination) throws IOException, InterruptedException {
            try (InputStream in = build.open(artifact); OutputStream out = destination.write()) {
                in.transferTo(out);
            }
        }

        /**
         * Why the manifest is not the one its build recorded, or null when it is: its SHA-256 must be
         * the one the build's audit.json lists for it. An archive edited since (or a record gone) is
         * read around, never built on: what an incremental verify reuses of a manifest it does not read
         * again.
         */
        String auditRefusal() throws IOException {
            if (!build.hasArtifact(AuditRecord.FILE_NAME)) {
                return "build #" + build.number() + " has no " + AuditRecord.FILE_NAME + " to vouch for its manifest";
            }
            AuditRecord record;
            try (InputStream in = build.open(AuditRecord.FILE_NAME)) {
                record = AuditJson.read(in.readNBytes((int) AuditJson.MAX_BYTES), "the audit.json of build #"
                        + build.number());
            } catch (AuditException e) {
                return e.getMessage();
            }
            String recorded = record.artifacts().stream().filter(a -> a.path().equals(artifact))
                    .map(ArtifactHash::sha256).findFirst().orElse(null);
            if (recorded == null) {
                return "the audit.json of build #" + build.number() + " lists no " + artifact;
            }
            String sha256;
            try (InputStream in = build.open(artifact)) {
                sha256 = Sha256.of(in);
            }
            return recorded.equals(sha256) ? null : String.format("%s of build #%d has sha256 %s, not the %s its "
                    + "audit.json recorded (changed since)", artifact, build.number(), sha256, recorded);
        }
    }

    /** One earlier build as the choice sees it: its number, its verify records, and its archived artifacts. */
    interface Build {
        int number();

        List<VerifyRecord> verifications();

        boolean hasArtifact(String name) throws IOException;

        InputStream open(String name) throws IOException;
    }

    private EarlierManifest() {
    }

    /**
     * The newest build among {@code earlier} (newest first) that verified another snapshot of the
     * dataset of {@code target} under {@code name} and still has that manifest; null when none has.
     */
    static Choice choose(String target, String name, Iterable<? extends Build> earlier) throws IOException {
        int at = target.indexOf('@');
        if (at <= 0) {
            return null;
        }
        String dataset = target.substring(0, at + 1);
        String artifact = name + ".manifest";
        int looked = 0;
        for (Build build : earlier) {
            if (++looked > BUILDS_LOOKED_AT) {
                return null;
            }
            List<VerifyRecord> records = new ArrayList<>(build.verifications());
            // the last verify of a build under this name is the one whose manifest was archived last
            for (int i = records.size() - 1; i >= 0; i--) {
                VerifyRecord record = records.get(i);
                String snapshot = record.getTarget();
                if (record.getArtifacts().contains(artifact) && snapshot.startsWith(dataset)
                        && snapshot.length() > dataset.length() && !snapshot.equals(target)) {
                    if (build.hasArtifact(artifact)) {
                        return new Choice(build, snapshot, artifact);
                    }
                    break;
                }
            }
        }
        return null;
    }

    /** The completed builds before {@code run}, newest first, that ran a zfs step. */
    static Iterable<Build> before(Run<?, ?> run) {
        return () -> new java.util.Iterator<>() {
            private Run<?, ?> next = step(run.getPreviousCompletedBuild());

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public Build next() {
                Run<?, ?> current = next;
                next = step(current.getPreviousCompletedBuild());
                return of(current);
            }
        };
    }

    private static Run<?, ?> step(Run<?, ?> run) {
        Run<?, ?> current = run;
        while (current != null && current.getAction(ZfsReplicationAction.class) == null) {
            current = current.getPreviousCompletedBuild();
        }
        return current;
    }

    private static Build of(Run<?, ?> run) {
        return new Build() {
            @Override
            public int number() {
                return run.getNumber();
            }

            @Override
            public List<VerifyRecord> verifications() {
                return run.getAction(ZfsReplicationAction.class).getVerifications();
            }

            @Override
            public boolean hasArtifact(String name) throws IOException {
                return artifact(name).isFile();
            }

            @Override
            public InputStream open(String name) throws IOException {
                return artifact(name).open();
            }

            private VirtualFile artifact(String name) {
                return run.getArtifactManager().root().child(name);
            }
        };
    }
}
