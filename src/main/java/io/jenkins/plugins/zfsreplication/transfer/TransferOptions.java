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
 * How a run sends: what it asks of zfs send/recv, the stream between the hosts, what the receiving
 * side may do, how many datasets at once, and its timeouts. One value object passed whole: the CLI
 * options and the Jenkins step map onto it, and the Jenkins step sends it to the agents as it is
 * (hence serializable).
 *
 * <p>A class, not a record: a running zfsSendRecv keeps it in Jenkins' program.dat, and JBoss
 * Marshalling reads a record by the components its class has now (an earlier form fails to load,
 * and the build with it), a class by the fields the stream names.
 */
public final class TransferOptions implements Serializable {
    private static final long serialVersionUID = 1L;
    /**
     * An mbuffer of 64 MiB smooths the bursts of zfs send; it is also the byte meter on zfs-fuse.
     * The defaults as users write them: the command line and the Jenkins step take them from here.
     */
    public static final String DEFAULT_BUFFER_SIZE = "64M";
    public static final long DEFAULT_BUFFER = 64L << 20;
    public static final String DEFAULT_COMPRESSION = "none";
    public static final String NO_RATE_LIMIT = "0";
    private final Set<SendOption> requested;
    private final Stream stream;
    private final Receiving receiving;
    private final Timing times;
    private final int concurrency;
    private final RetryPolicy retry;

    /**
     * @param requested   options asked for by name; used where both ends support them
     * @param stream      the stream's shape between the hosts
     * @param receiving   what zfs recv is told and what the receiving side consents to
     * @param times       the sampling interval and the tcp timeouts
     * @param concurrency datasets transferred at once; the steps of one dataset always run in order
     * @param retry       when a step that failed for a transient reason is tried again
     */
    public TransferOptions(Set<SendOption> requested, Stream stream, Receiving receiving, Timing times,
                           int concurrency, RetryPolicy retry) {
        this.requested = requested.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(requested));
        this.stream = Objects.requireNonNull(stream, "stream");
        this.receiving = Objects.requireNonNull(receiving, "receiving");
        this.times = Objects.requireNonNull(times, "times");
        this.retry = Objects.requireNonNull(retry, "retry");
        if (concurrency < 1 || concurrency > 64) {
            throw new TransferException("Concurrency must be between 1 and 64, not %d", concurrency);
        }
        this.concurrency = concurrency;
    }

    public Stream stream() {
        return stream;
    }

    public Receiving receiving() {
        return receiving;
    }

    public Timing times() {
        return times;
    }

    public int concurrency() {
        return concurrency;
    }

    public RetryPolicy retry() {
        return retry;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TransferOptions that && requested.equals(that.requested) && stream.equals(that.stream)
                && receiving.equals(that.receiving) && times.equals(that.times) && concurrency == that.concurrency
                && retry.equals(that.retry);
    }

    @Override
    public int hashCode() {
        return Objects.hash(requested, stream, receiving, times, concurrency, retry);
    }

    @Override
    public String toString() {
        return "TransferOptions[requested=" + requested + ", stream=" + stream + ", receiving=" + receiving
                + ", times=" + times + ", concurrency=" + concurrency + ", retry=" + retry + "]";
    }

    /**
     * The stream between the hosts.
     *
     * Its components never change: program.dat keeps it, and JBoss Marshalling reads a record by
     * the components its class has now (a new option is a field of {@link TransferOptions}).
     *
     * @param compression   a compression stage between the hosts
     * @param bufferBytes   an mbuffer stage of this size on the sending side; 0 for none
     * @param rateLimit     bytes per second through the buffer (mbuffer -r); 0 for no limit
     * @param sendDecrypted send an encrypted dataset decrypted (without {@code send -w}); false (the default):
     *                      encrypted datasets are sent raw, so the target never sees plaintext or a key
     * @param tcpPlaintext  tcp: send the stream in the clear, without TLS (only when asked for by name; the
     *                      default encrypts it and pins the receiver's certificate made for the run)
     */
    public record Stream(Compression compression, long bufferBytes, long rateLimit, boolean sendDecrypted,
                         boolean tcpPlaintext) implements Serializable {
        private static final long serialVersionUID = 1L;

        public Stream {
            Objects.requireNonNull(compression, "compression");
            if (bufferBytes < 0 || rateLimit < 0) {
                throw new TransferException("Buffer size and rate limit cannot be negative (%d, %d)", bufferBytes,
                        rateLimit);
            }
            if (rateLimit > 0 && bufferBytes == 0) {
                throw new TransferException("A rate limit needs the buffer stage (mbuffer -r): give a buffer size");
            }
        }
    }

    /**
     * What zfs recv is told, and what the receiving side consents to.
     *
     * Its components never change: program.dat keeps it, and JBoss Marshalling reads a record by
     * the components its class has now (a new option is a field of {@link TransferOptions}).
     *
     * @param recvSet       {@code zfs recv -o property=value}
     * @param recvExclude   {@code zfs recv -x property}
     * @param mountReceived let zfs recv mount what it receives; false (the default): {@code zfs recv -u}
     *                      where the target's zfs has it, as a backup must not mount over the target's
     *                      own file systems nor be changed by anything that writes there
     * @param createParents create a full send's missing target parents ({@code zfs create}, canmount=off);
     *                      false (the default): a missing parent stops the step with a clear error
     * @param allowRollback the receiving side's own consent to a rollback the plan names ({@code zfs rollback -r}
     *                      to the base, destroying the target's later snapshots); false (the default): such a
     *                      step is refused before anything is sent or destroyed, whatever the plan says
     */
    public record Receiving(Map<String, String> recvSet, List<String> recvExclude, boolean mountReceived,
                            boolean createParents, boolean allowRollback) implements Serializable {
        private static final long serialVersionUID = 1L;

        public Receiving {
            recvSet = Map.copyOf(new LinkedHashMap<>(recvSet));
            recvExclude = List.copyOf(recvExclude);
            recvSet.forEach((property, value) -> {
                checkRecvProperty(property);
                if (value.isEmpty() || value.chars().anyMatch(c -> c < ' ')) {
                    throw new TransferException("Invalid value for zfs recv -o %s: '%s'", property, value);
                }
            });
            recvExclude.forEach(TransferOptions::checkRecvProperty);
        }
    }

    /**
     * Its components never change: program.dat keeps it, and JBoss Marshalling reads a record by
     * the components its class has now (a new option is a field of {@link TransferOptions}).
     *
     * @param sampleInterval how often throughput is sampled and progress is printed
     * @param acceptTimeout  tcp: how long the receiver waits for the sender to connect and show its token
     * @param silenceTimeout tcp: a connection without a byte for this long is dropped
     */
    public record Timing(Duration sampleInterval, Duration acceptTimeout, Duration silenceTimeout)
            implements Serializable {
        private static final long serialVersionUID = 1L;

        public Timing {
            for (Duration duration : List.of(sampleInterval, acceptTimeout, silenceTimeout)) {
                if (duration.isNegative() || duration.isZero()) {
                    throw new TransferException("Intervals and timeouts must be positive, not %s", duration);
                }
            }
        }
    }

    /** No optional zfs flags, a 64 MiB buffer, one dataset at a time, one sample a second, two retries. */
    public static TransferOptions defaults() {
        return new TransferOptions(Set.of(), new Stream(Compression.NONE, DEFAULT_BUFFER, 0, false, false),
                new Receiving(Map.of(), List.of(), false, false, false),
                new Timing(Duration.ofSeconds(1), Duration.ofMinutes(2), Duration.ofMinutes(5)), 1,
                RetryPolicy.DEFAULT);
    }

    /**
     * The options asked of zfs send/recv: those requested, {@code recv -x} of the properties a stream
     * may not set (all but {@code ReceivedProperties.ALLOWED}: {@link SendOption#NEUTRALISE}, always)
     * and, unless the run mounts, {@code recv -u}.
     */
    public Set<SendOption> requested() {
        Set<SendOption> asked = EnumSet.of(SendOption.NEUTRALISE);
        if (!receiving.mountReceived()) {
            asked.add(SendOption.NO_MOUNT);
        }
        asked.addAll(requested);
        return Set.copyOf(asked);
    }

    public TransferOptions withRequested(Set<SendOption> options) {
        return new TransferOptions(options, stream, receiving, times, concurrency, retry);
    }

    public TransferOptions withConcurrency(int datasets) {
        return new TransferOptions(requested, stream, receiving, times, datasets, retry);
    }

    public TransferOptions withRetry(RetryPolicy policy) {
        return new TransferOptions(requested, stream, receiving, times, concurrency, policy);
    }

    private TransferOptions with(Stream shape) {
        return new TransferOptions(requested, shape, receiving, times, concurrency, retry);
    }

    private TransferOptions with(Receiving receive) {
        return new TransferOptions(requested, stream, receive, times, concurrency, retry);
    }

    public TransferOptions withCompression(Compression chosen) {
        return with(new Stream(chosen, stream.bufferBytes, stream.rateLimit, stream.sendDecrypted,
                stream.tcpPlaintext));
    }

    public TransferOptions withBuffer(long bytes, long bytesPerSecond) {
        return with(new Stream(stream.compression, bytes, bytesPerSecond, stream.sendDecrypted, stream.tcpPlaintext));
    }

    public TransferOptions withSendDecrypted(boolean decrypted) {
        return with(new Stream(stream.compression, stream.bufferBytes, stream.rateLimit, decrypted,
                stream.tcpPlaintext));
    }

    /** tcp without TLS: anyone on the path reads the stream and its tokens. */
    public TransferOptions withTcpPlaintext(boolean plaintext) {
        return with(new Stream(stream.compression, stream.bufferBytes, stream.rateLimit, stream.sendDecrypted,
                plaintext));
    }

    public TransferOptions withRecvProperties(Map<String, String> set, List<String> exclude) {
        return with(new Receiving(set, exclude, receiving.mountReceived, receiving.createParents,
                receiving.allowRollback));
    }

    public TransferOptions withMountReceived(boolean mount) {
        return with(new Receiving(receiving.recvSet, receiving.recvExclude, mount, receiving.createParents,
                receiving.allowRollback));
    }

    public TransferOptions withCreateParents(boolean create) {
        return with(new Receiving(receiving.recvSet, receiving.recvExclude, receiving.mountReceived, create,
                receiving.allowRollback));
    }

    /** The receiving side allows the rollbacks a plan names (see {@link Receiving#allowRollback}). */
    public TransferOptions withAllowRollback(boolean allow) {
        return with(new Receiving(receiving.recvSet, receiving.recvExclude, receiving.mountReceived,
                receiving.createParents, allow));
    }

    public TransferOptions withTimes(Duration sample, Duration accept, Duration silence) {
        return new TransferOptions(requested, stream, receiving, new Timing(sample, accept, silence), concurrency, retry);
    }

    /** A property name zfs recv -o/-x takes: a native one or a user property (module:name). */
    static void checkRecvProperty(String property) {
        if (!property.matches("[a-z][a-z0-9_]*|[a-z0-9_.+-]+:[a-z0-9_.:+-]*")) {
            throw new TransferException("Invalid ZFS property name '%s' for zfs recv -o/-x", property);
        }
    }
}
