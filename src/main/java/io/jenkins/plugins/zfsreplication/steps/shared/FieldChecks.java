package io.jenkins.plugins.zfsreplication.steps.shared;

import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.units.SizeException;
import io.jenkins.plugins.zfsreplication.transfer.Compression;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveServer;
import io.jenkins.plugins.zfsreplication.check.AgeThresholds;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.prune.RetentionPolicy;
import io.jenkins.plugins.zfsreplication.transfer.BaseHolds;
import io.jenkins.plugins.zfsreplication.transfer.RetryPolicy;
import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.verify.HashAlgorithm;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.verify.SparseMode;
import io.jenkins.plugins.zfsreplication.verify.VerifyException;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the configuration forms check, field by field, as plain functions: each one calls the
 * validator the engine itself runs (so the form and the run can never disagree) and returns the
 * engine's message, or empty when the value is fine. {@link FormChecks} turns these into answers.
 */
public final class FieldChecks {
    private static final long ONE_MIB = 1 << 20;

    private FieldChecks() {
    }

    public static Optional<String> dataset(String value) {
        return check(() -> DatasetName.of(value.strip()));
    }

    /** Source datasets, separated by commas or white space; at least one. */
    public static Optional<String> datasets(String value) {
        return check(() -> Selection.of(FieldText.words(value).stream().map(DatasetName::of).toList(), false));
    }

    /** A retention rule set (keepTarget, keepSource); empty keeps everything on that side. */
    public static Optional<String> retention(String value) {
        return blank(value) ? none() : check(() -> RetentionPolicy.parse(value));
    }

    /** zfsCheck's warning and critical ages, checked together (the warning age may not be above the critical). */
    public static Optional<String> ages(String warn, String crit) {
        return check(() -> AgeThresholds.parse(FieldText.words(warn), FieldText.words(crit)));
    }

    /** The snapshot name prefix; empty takes the default. */
    public static Optional<String> prefix(String value) {
        return blank(value) ? none() : check(() -> SnapshotNaming.of(value.strip()));
    }

    /** An ssh destination that is optional (blank: this agent). */
    public static Optional<String> optionalHost(String value) {
        return blank(value) ? none() : check(() -> SshCommandRunner.checkDestination(value.strip()));
    }

    /** A Jenkins node name that is optional (blank: no target agent); the characters Jenkins refuses in names. */
    public static Optional<String> agentName(String value) {
        if (blank(value)) {
            return none();
        }
        for (char c : value.strip().toCharArray()) {
            if ("?*/\\%!@#$^&|<>[]:;".indexOf(c) >= 0) {
                return Optional.of(String.format("'%s' is not a Jenkins node name: it contains '%s'", value.strip(), c));
            }
        }
        return none();
    }

    /** Verify block size: a size the engine parses and accepts as a block (a power of two). */
    public static Optional<String> blockSize(String value) {
        return check(() -> new VerifyOptions(Sizes.parse(value), 1, HashAlgorithm.XXH64, SparseMode.AUTO, 1));
    }

    /** Threads of a verification; 0 means every core of the agent. */
    public static Optional<String> threads(String value) {
        return check(() -> {
            int threads = integer(value, "Threads");
            if (threads != 0) {
                new VerifyOptions(ONE_MIB, 1, HashAlgorithm.XXH64, SparseMode.AUTO, threads);
            }
        });
    }

    public static Optional<String> hash(String value) {
        return check(() -> HashAlgorithm.byName(value));
    }

    public static Optional<String> sparse(String value) {
        return check(() -> SparseMode.byName(value));
    }

    /** A transfer size (buffer, rate limit): empty takes the default. */
    public static Optional<String> size(String value) {
        return blank(value) ? Optional.empty() : check(() -> Sizes.parse(value));
    }

    /** Datasets at once; empty or 0 takes the default. */
    public static Optional<String> concurrency(String value) {
        return blank(value) ? none() : check(() -> {
            int concurrency = integer(value, "Concurrency");
            return concurrency == 0 ? TransferOptions.defaults() : TransferOptions.defaults().withConcurrency(concurrency);
        });
    }

    /** How often a step is tried again after a transient failure; empty takes the default. */
    public static Optional<String> retries(String value) {
        return blank(value) ? none() : check(() -> new RetryPolicy(integer(value, "Retries"), Duration.ZERO));
    }

    /** Seconds before the first retry; empty takes the default. */
    public static Optional<String> retryDelay(String value) {
        return blank(value) ? none() : check(() -> new RetryPolicy(0, Duration.ofSeconds(integer(value,
                "The retry delay"))));
    }

    /** zfs recv -o entries ("p=v p2=v2") and -x names, as zfsSendRecv takes them. */
    public static Optional<String> receiveProperties(String set, String exclude) {
        return check(() -> FieldText.receiveProperties(set, exclude));
    }

    /** A target id (the tag of the holds on the source); empty for none. */
    public static Optional<String> targetId(String value) {
        return blank(value) ? none() : check(() -> BaseHolds.checkTargetId(value.strip()));
    }

    /** local or ssh; empty takes the default. */
    public static Optional<String> transport(String value) {
        return blank(value) ? none() : check(() -> FieldText.transport(value));
    }

    /** No problem. */
    public static Optional<String> none() {
        return Optional.empty();
    }

    /** Comma-separated zfs send options by their names. */
    public static Optional<String> sendOptions(String value) {
        return blank(value) ? Optional.empty() : check(() -> {
            for (String name : value.split(",")) {
                SendOption.byName(name);
            }
        });
    }

    /** The target host's address for tcp; required only when the transport is tcp. */
    public static Optional<String> tcpAddress(String transport, String value) {
        if (Carriage.named(transport).orElse(null) != Carriage.TCP) {
            return none();
        }
        if (blank(value)) {
            return Optional.of("The tcp transport needs tcpAddress: the target host's address as this agent reaches it");
        }
        return check(() -> new ReceiveServer.Addresses(value.strip(), value.strip(), value.strip(), 0));
    }

    /** The ssh destination; required only when the transport is ssh. */
    public static Optional<String> sshHost(String transport, String value) {
        if (Carriage.named(transport).orElse(null) != Carriage.SSH) {
            return Optional.empty();
        }
        if (blank(value)) {
            return Optional.of("The ssh transport needs sshHost ([user@]host)");
        }
        return check(() -> SshCommandRunner.checkDestination(value.strip()));
    }

    /** The plan file: required, inside the workspace. */
    public static Optional<String> plan(String value) {
        return check(() -> FieldText.relative(value, "plan"));
    }

    /** The artifacts directory: inside the workspace; empty takes the default. */
    public static Optional<String> artifacts(String value) {
        return blank(value) ? Optional.empty() : check(() -> FieldText.relative(value, "artifacts"));
    }

    public static Optional<String> compression(String value) {
        return blank(value) ? Optional.empty() : check(() -> Compression.byName(value));
    }

    public static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static int integer(String value, String what) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new VerifyException("%s must be a whole number, not '%s'", what, value);
        }
    }

    /** A check whose value is the validated setting (the engine refuses a bad one by throwing). */
    private static Optional<String> check(Supplier<?> validation) {
        return check((Runnable) validation::get);
    }

    private static Optional<String> check(Runnable validation) {
        try {
            validation.run();
            return Optional.empty();
        } catch (ZfsException | VerifyException | SizeException e) {
            return Optional.of(e.getMessage());
        }
    }
}
