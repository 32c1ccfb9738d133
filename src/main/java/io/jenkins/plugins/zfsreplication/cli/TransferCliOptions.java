package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.units.Sizes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.jenkins.plugins.zfsreplication.transfer.Compression;
import io.jenkins.plugins.zfsreplication.transfer.RetryPolicy;
import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import picocli.CommandLine.Option;

/** The options send and run share, mapped onto one {@link TransferOptions}. */
final class TransferCliOptions {
    @Option(names = "--option", split = ",", paramLabel = "NAME", completionCandidates = SendOption.Names.class,
            description = "zfs send/recv options by name: ${COMPLETION-CANDIDATES}."
                    + " Each is used only where the hosts that need it support it; the log says which were dropped"
                    + " and why.")
    List<String> options = new ArrayList<>();

    @Option(names = "--compress", paramLabel = "none|zstd|lz4", defaultValue = TransferOptions.DEFAULT_COMPRESSION,
            description = "Compress the stream between the hosts with a zstd or lz4 process (default: ${DEFAULT-VALUE}).")
    String compression;

    @Option(names = "--buffer", paramLabel = "SIZE", defaultValue = TransferOptions.DEFAULT_BUFFER_SIZE,
            description = "mbuffer stage on the sending side, e.g. 64M; 0 for none (default: ${DEFAULT-VALUE}).")
    String buffer;

    @Option(names = "--rate-limit", paramLabel = "SIZE", defaultValue = TransferOptions.NO_RATE_LIMIT,
            description = "Limit the stream to SIZE bytes per second (mbuffer -r), e.g. 50M; 0 = no limit.")
    String rateLimit;

    @Option(names = "--recv-set", paramLabel = "PROPERTY=VALUE", description = "zfs recv -o PROPERTY=VALUE.")
    Map<String, String> recvSet = new LinkedHashMap<>();

    @Option(names = "--recv-exclude", paramLabel = "PROPERTY", description = "zfs recv -x PROPERTY.")
    List<String> recvExclude = new ArrayList<>();

    @Option(names = "--mount-received",
            description = "Let zfs recv mount the received file systems. Default: zfs recv -u where the receiving "
                    + "zfs has it, and a new copy gets canmount=noauto readonly=on, so that nothing mounts over "
                    + "the target's own file systems or changes the copy.")
    boolean mountReceived;

    @Option(names = "--send-decrypted",
            description = "Send encrypted datasets decrypted (without zfs send -w; needs their keys loaded). Default: "
                    + "encrypted datasets are sent raw, the target never sees plaintext or a key.")
    boolean sendDecrypted;

    @Option(names = "--create-parents",
            description = "Create a new target's missing parent datasets (zfs create -o canmount=off). Default: a "
                    + "missing parent stops the step with an error.")
    boolean createParents;

    @Option(names = "--allow-rollback",
            description = "Run the rollbacks the plan names: the target goes back to the base (its changes since are"
                    + " lost), its later snapshots are kept in TARGET-kept-GUID (zfs rename, clone, promote), none"
                    + " destroyed. Default: such a step is refused, nothing sent or destroyed; a plan made with"
                    + " --allow-rollback needs it here too.")
    boolean allowRollback;

    @Option(names = {"-j", "--concurrency"}, paramLabel = "N", defaultValue = "1",
            description = "Datasets transferred at once; the steps of one dataset always run in order (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "1",
            description = "Seconds between throughput samples and progress lines (default: ${DEFAULT-VALUE}).")
    double interval;

    @Option(names = "--accept-timeout", paramLabel = "SECONDS", defaultValue = "120",
            description = "tcp: how long the receiver waits for the sender and its token (default: ${DEFAULT-VALUE}).")
    double acceptTimeout;

    @Option(names = "--silence-timeout", paramLabel = "SECONDS", defaultValue = "300",
            description = "tcp: drop a connection that moved no byte for this long (default: ${DEFAULT-VALUE}).")
    double silenceTimeout;

    @Option(names = "--plaintext",
            description = "tcp: send the stream and its tokens in the clear, neither encrypted nor authenticated "
                    + "(both sides must say so). Default: TLS 1.3 with a certificate made for the run, pinned by the sender.")
    boolean plaintext;

    @Option(names = "--retries", paramLabel = "N", defaultValue = "2",
            description = "Try a step again this many times after a transient failure: connection reset, ssh exit "
                    + "255, host unreachable, target busy (default: ${DEFAULT-VALUE}; 0 never).")
    int retries;

    @Option(names = "--retry-delay", paramLabel = "SECONDS", defaultValue = "30",
            description = "Wait before the first retry; each further one waits twice as long (default: ${DEFAULT-VALUE}).")
    double retryDelay;

    @Option(names = "--artifacts", paramLabel = "DIR", defaultValue = ".",
            description = "Where transfer.json, throughput.csv and throughput.svg go (default: the current directory).")
    Path artifacts;

    TransferOptions toOptions() {
        Set<SendOption> requested = options.stream().map(SendOption::byName).collect(Collectors.toSet());
        Compression chosen = Compression.byName(compression);
        return TransferOptions.defaults().withRequested(requested).withCompression(chosen)
                .withBuffer(size(buffer), size(rateLimit)).withConcurrency(concurrency)
                .withRecvProperties(recvSet, recvExclude).withMountReceived(mountReceived)
                .withTimes(seconds(interval), seconds(acceptTimeout), seconds(silenceTimeout))
                .withRetry(new RetryPolicy(retries, seconds(retryDelay))).withSendDecrypted(sendDecrypted)
                .withCreateParents(createParents).withTcpPlaintext(plaintext)
                .withAllowRollback(allowRollback);
    }

    /** The line a tcp run logs about its protection, so that plaintext is never silent. */
    String tcpProtection() {
        return plaintext ? "warning: tcp in plaintext (--plaintext): the stream and its tokens cross the network "
                + "readable and unauthenticated" : "tcp: TLS 1.3, the receiver's certificate made for this run and pinned";
    }

    static long size(String text) {
        return Sizes.parse(text);
    }

    private static Duration seconds(double seconds) {
        return Duration.ofMillis(Math.round(seconds * 1000));
    }
}
