package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.Serializable;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How a run sends: what it asks of zfs send/recv, the optional stages, how many datasets at once,
 * and its timeouts. One value object passed whole: the CLI options and the Jenkins step map onto it,
 * and the Jenkins step sends it to the agents as it is (hence serializable).
 *
 * @param requested      options asked for by name; used where both ends support them
 * @param compression    a compression stage between the hosts
 * @param bufferBytes    an mbuffer stage of this size on the sending side; 0 for none
 * @param rateLimit      bytes per second through the buffer (mbuffer -r); 0 for no limit
 * @param recvSet        {@code zfs recv -o property=value}
 * @param recvExclude    {@code zfs recv -x property}
 * @param concurrency    datasets transferred at once; the steps of one dataset always run in order
 * @param sampleInterval how often throughput is sampled and progress is printed
 * @param acceptTimeout  tcp: how long the receiver waits for the sender to connect and show its token
 * @param silenceTimeout tcp: a connection without a byte for this long is dropped
 * @param mountReceived  let zfs recv mount what it receives; false (the default): {@code zfs recv -u}
 *                       where the target's zfs has it, as a backup must not mount over the target's
 *                       own file systems nor be changed by anything that writes there
 * @param retry          when a step that failed for a transient reason is tried again
 * @param sendDecrypted  send an encrypted dataset decrypted (without {@code send -w}); false (the default):
 *                       encrypted datasets are sent raw, so the target never sees plaintext or a key
 * @param createParents  create a full send's missing target parents ({@code zfs create}, canmount=off);
 *                       false (the default): a missing parent stops the step with a clear error
 * @param tcpPlaintext   tcp: send the stream in the clear, without TLS (only when asked for by name; the
 *                       default encrypts it and pins the receiver's certificate made for the run)
 * @param allowRollback  the receiving side's own consent to a rollback the plan names ({@code zfs rollback -r}
 *                       to the base, destroying the target's later snapshots); false (the default): such a step
 *                       is refused before anything is sent or destroyed, whatever the plan says
 */
public record TransferOptions(Set<SendOption> requested, Compression compression, long bufferBytes, long rateLimit,
                              Map<String, String> recvSet, List<String> recvExclude, int concurrency,
                              Duration sampleInterval, Duration acceptTimeout, Duration silenceTimeout,
                              boolean mountReceived, RetryPolicy retry, boolean sendDecrypted,
                              boolean createParents, boolean tcpPlaintext, boolean allowRollback)
        implements Serializable {
    private static final long serialVersionUID = 1L;
    /**
     * An mbuffer of 64 MiB smooths the bursts of zfs send; it is also the byte meter on zfs-fuse.
     * The defaults as users write them: the command line and the Jenkins step take them from here.
     */
    public static final String DEFAULT_BUFFER_SIZE = "64M";
    public static final long DEFAULT_BUFFER = 64L << 20;
    public static final String DEFAULT_COMPRESSION = "none";
    public static final String NO_RATE_LIMIT = "0";

    public TransferOptions {
        requested = requested.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(requested));
        Objects.requireNonNull(compression, "compression");
        Objects.requireNonNull(retry, "retry");
        recvSet = Map.copyOf(new LinkedHashMap<>(recvSet));
        recvExclude = List.copyOf(recvExclude);
        recvSet.forEach((property, value) -> {
            checkRecvProperty(property);
            if (value.isEmpty() || value.chars().anyMatch(c -> c < ' ')) {
                throw new TransferException("Invalid value for zfs recv -o %s: '%s'", property, value);
            }
        });
        recvExclude.forEach(TransferOptions::checkRecvProperty);
        if (bufferBytes < 0 || rateLimit < 0) {
            throw new TransferException("Buffer size and rate limit cannot be negative (%d, %d)", bufferBytes, rateLimit);
        }
        if (rateLimit > 0 && bufferBytes == 0) {
            throw new TransferException("A rate limit needs the buffer stage (mbuffer -r): give a buffer size");
        }
        if (concurrency < 1 || concurrency > 64) {
            throw new TransferException("Concurrency must be between 1 and 64, not %d", concurrency);
        }
        for (Duration duration : List.of(sampleInterval, acceptTimeout, silenceTimeout)) {
            if (duration.isNegative() || duration.isZero()) {
                throw new TransferException("Intervals and timeouts must be positive, not %s", duration);
            }
        }
    }

    /** No optional zfs flags, a 64 MiB buffer, one dataset at a time, one sample a second, two retries. */
    public static TransferOptions defaults() {
        return new TransferOptions(Set.of(), Compression.NONE, DEFAULT_BUFFER, 0, Map.of(), List.of(), 1,
                Duration.ofSeconds(1), Duration.ofMinutes(2), Duration.ofMinutes(5), false, RetryPolicy.DEFAULT, false, false, false,
                false);
    }

    /**
     * The options asked of zfs send/recv: those requested, {@code recv -x} of the properties a stream
     * may not set (all but {@code ReceivedProperties.ALLOWED}: {@link SendOption#NEUTRALISE}, always)
     * and, unless the run mounts, {@code recv -u}.
     */
    @Override
    public Set<SendOption> requested() {
        Set<SendOption> asked = EnumSet.of(SendOption.NEUTRALISE);
        if (!mountReceived) {
            asked.add(SendOption.NO_MOUNT);
        }
        asked.addAll(requested);
        return Set.copyOf(asked);
    }

    public TransferOptions withMountReceived(boolean mount) {
        return new TransferOptions(requested, compression, bufferBytes, rateLimit, recvSet, recvExclude, concurrency,
                sampleInterval, acceptTimeout, silenceTimeout, mount, retry, sendDecrypted, createParents, tcpPlaintext, allowRollback);
    }

    public TransferOptions withConcurrency(int datasets) {
        return new TransferOptions(requested, compression, bufferBytes, rateLimit, recvSet, recvExclude, datasets,
                sampleInterval, acceptTimeout, silenceTimeout, mountReceived, retry, sendDecrypted, createParents, tcpPlaintext, allowRollback);
    }

    public TransferOptions withBuffer(long bytes, long bytesPerSecond) {
        return new TransferOptions(requested, compression, bytes, bytesPerSecond, recvSet, recvExclude, concurrency,
                sampleInterval, acceptTimeout, silenceTimeout, mountReceived, retry, sendDecrypted, createParents, tcpPlaintext, allowRollback);
    }

    public TransferOptions withRequested(Set<SendOption> options) {
        return new TransferOptions(options, compression, bufferBytes, rateLimit, recvSet, recvExclude, concurrency,
                sampleInterval, acceptTimeout, silenceTimeout, mountReceived, retry, sendDecrypted, createParents, tcpPlaintext, allowRollback);
    }

    public TransferOptions withCompression(Compression chosen) {
        return new TransferOptions(requested, chosen, bufferBytes, rateLimit, recvSet, recvExclude, concurrency,
                sampleInterval, acceptTimeout, silenceTimeout, mountReceived, retry, sendDecrypted, createParents, tcpPlaintext, allowRollback);
    }

    public TransferOptions withTimes(Duration sample, Duration accept, Duration silence) {
        return new TransferOptions(requested, compression, bufferBytes, rateLimit, recvSet, recvExclude, concurrency,
                sample, accept, silence, mountReceived, retry, sendDecrypted, createParents, tcpPlaintext, allowRollback);
    }

    public TransferOptions withRecvProperties(Map<String, String> set, List<String> exclude) {
        return new TransferOptions(requested, compression, bufferBytes, rateLimit, set, exclude, concurrency,
                sampleInterval, acceptTimeout, silenceTimeout, mountReceived, retry, sendDecrypted, createParents, tcpPlaintext, allowRollback);
    }

    public TransferOptions withRetry(RetryPolicy policy) {
        return new TransferOptions(requested, compression, bufferBytes, rateLimit, recvSet, recvExclude, concurrency,
                sampleInterval, acceptTimeout, silenceTimeout, mountReceived, policy, sendDecrypted, createParents, tcpPlaintext, allowRollback);
    }

    public TransferOptions withSendDecrypted(boolean decrypted) {
        return new TransferOptions(requested, compression, bufferBytes, rateLimit, recvSet, recvExclude, concurrency,
                sampleInterval, acceptTimeout, silenceTimeout, mountReceived, retry, decrypted, createParents, tcpPlaintext, allowRollback);
    }

    public TransferOptions withCreateParents(boolean create) {
        return new TransferOptions(requested, compression, bufferBytes, rateLimit, recvSet, recvExclude, concurrency,
                sampleInterval, acceptTimeout, silenceTimeout, mountReceived, retry, sendDecrypted, create, tcpPlaintext, allowRollback);
    }

    /** tcp without TLS: anyone on the path reads the stream and its tokens. */
    public TransferOptions withTcpPlaintext(boolean plaintext) {
        return new TransferOptions(requested, compression, bufferBytes, rateLimit, recvSet, recvExclude, concurrency,
                sampleInterval, acceptTimeout, silenceTimeout, mountReceived, retry, sendDecrypted, createParents, plaintext, allowRollback);
    }

    /** The receiving side allows the rollbacks a plan names (see {@code allowRollback}). */
    public TransferOptions withAllowRollback(boolean allow) {
        return new TransferOptions(requested, compression, bufferBytes, rateLimit, recvSet, recvExclude, concurrency,
                sampleInterval, acceptTimeout, silenceTimeout, mountReceived, retry, sendDecrypted, createParents,
                tcpPlaintext, allow);
    }

    /** A property name zfs recv -o/-x takes: a native one or a user property (module:name). */
    static void checkRecvProperty(String property) {
        if (!property.matches("[a-z][a-z0-9_]*|[a-z0-9_.+-]+:[a-z0-9_.:+-]*")) {
            throw new TransferException("Invalid ZFS property name '%s' for zfs recv -o/-x", property);
        }
    }
}
