package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import io.jenkins.plugins.zfsreplication.transfer.PipelineSpec;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;

/**
 * The stream of a step in the simulation: the pipeline's {@code zfs send} and {@code zfs recv}
 * argument vectors, as the engine built them, carried out on the two simulated hosts with zfs's
 * rules (a full stream needs an absent target and its parent; an incremental one the base as the
 * target's newest snapshot; {@code -I} lands snapshot by snapshot; {@code -s} leaves a resume token
 * where the stream was cut; raw streams keep datasets encrypted). The stages come back as processes
 * that have ended with the statuses zfs would have, so the engine judges them as real ones.
 */
final class SimTransport implements Transport {
    /** What tonight does to a step's stream. */
    enum Fault {
        NONE,
        /** The receiving side refuses before anything arrives (quota, permission, the network). */
        FAIL,
        /** The stream is cut after some of its snapshots arrived. */
        CUT,
        /**
         * Everything arrives, then zfs recv fails anyway (it cannot mount what it received, exit 1, as
         * zfs does): the step is reported failed although its snapshots are on the target.
         */
        LANDED_FAILED
    }

    private final SimCluster cluster;
    private final SimHost source;
    private final SimHost target;
    private final Supplier<Fault> faults;
    private final java.util.Random random;
    /** Encrypted datasets that arrived decrypted: the simulation's record of a broken promise. */
    final List<String> decrypted = new ArrayList<>();
    int cuts;
    int failures;
    int landedFailed;
    /** What happens right after a stream landed with {@link Fault#LANDED_FAILED} (a connection that drops). */
    Runnable afterLanding = () -> { };

    SimTransport(SimCluster cluster, SimHost source, SimHost target, Supplier<Fault> faults, java.util.Random random) {
        this.cluster = cluster;
        this.source = source;
        this.target = target;
        this.faults = faults;
        this.random = random;
    }

    @Override
    public String name() {
        return "simulated";
    }

    @Override
    public RunningPipeline start(PipelineSpec spec) {
        List<String> send = spec.sendSide().get(0).argv();
        List<String> recv = spec.receiveSide().get(spec.receiveSide().size() - 1).argv();
        Outcome outcome;
        synchronized (cluster) {
            cluster.liveOrDie();
            cluster.commands.add(send);
            cluster.commands.add(recv);
            outcome = transfer(send, recv, faults.get());
        }
        RunningPipeline pipeline = new RunningPipeline();
        List<StageCommand> stages = new ArrayList<>(spec.sendSide());
        stages.addAll(spec.receiveSide());
        for (int i = 0; i < stages.size(); i++) {
            boolean first = i == 0;
            boolean last = i == stages.size() - 1;
            int status = first ? outcome.sendStatus : last ? outcome.recvStatus : 0;
            String said = first ? outcome.sendSaid : last ? outcome.recvSaid : "";
            pipeline.add(new RunningPipeline.Stage(stages.get(i).role(), stages.get(i).argv(), new Ended(status),
                    stderr(spec.workDir(), i, said, first ? outcome.bytes : 0)));
        }
        return pipeline;
    }

    /** The stage's stderr file: what it said, and the byte counters the metering shell writes last. */
    private static Path stderr(Path workDir, int stage, String said, long bytes) {
        try {
            return Files.writeString(workDir.resolve("stage" + stage + ".err"), said + (said.isEmpty() ? "" : "\n")
                    + "rchar: 0\nwchar: " + bytes + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How the two ends of a stream ended. */
    static final class Outcome {
        int sendStatus;
        int recvStatus;
        String sendSaid = "";
        String recvSaid = "";
        long bytes;

        static Outcome failed(String said) {
            Outcome outcome = new Outcome();
            outcome.sendStatus = 141; // killed by SIGPIPE: the receiver went away
            outcome.recvStatus = 1;
            outcome.recvSaid = said;
            return outcome;
        }
    }

    private Outcome transfer(List<String> send, List<String> recv, Fault fault) {
        Stream plan = Stream.parse(send, source, target);
        if (plan.problem != null) {
            Outcome outcome = Outcome.failed("cannot receive: failed to read from stream");
            outcome.sendStatus = 1;
            outcome.sendSaid = plan.problem;
            return outcome;
        }
        Receive receive = Receive.parse(recv);
        if (fault == Fault.LANDED_FAILED && !receive.resumable) {
            // after a receive without -s fails, the engine waits up to 20 s (real time) for the target to settle
            // back, more than the simulation can afford per night: the landing fault is for resumable receives
            fault = Fault.NONE;
        }
        SimHost.Dataset into = target.dataset(receive.target);
        String refusal = refusal(plan, receive, into);
        if (refusal != null) {
            return Outcome.failed(refusal);
        }
        if (fault == Fault.FAIL) {
            failures++;
            return Outcome.failed("cannot receive incremental stream: out of space");
        }
        if (into == null) {
            if (fault == Fault.CUT) {
                cuts++; // a full stream cut short leaves nothing behind
                return Outcome.failed("cannot receive new filesystem stream: checksum mismatch or incomplete stream");
            }
            into = target.create(receive.target);
            if (plan.dataset.cipher != null && plan.raw) {
                into.cipher = plan.dataset.cipher;
                into.encryptionRoot = receive.target;
                into.keyLoaded = false;
            }
        } else if (receive.rollback && into.modified()) {
            into.referenced = into.newest().referenced;
        }
        if (plan.dataset.cipher != null && !plan.raw) {
            decrypted.add(target.name + ":" + receive.target);
        }
        // a cut -I stream keeps the snapshots that arrived whole; only a resumable receive is cut after some
        // here: without -s the engine waits up to 20 s for the target to settle back, a real sleep per cut
        int cutAt = fault != Fault.CUT ? -1 : receive.resumable ? random.nextInt(plan.snapshots.size()) : 0;
        long fromGuid = plan.fromGuid;
        Outcome outcome = new Outcome();
        for (int i = 0; i < plan.snapshots.size(); i++) {
            SimHost.Snap snap = plan.snapshots.get(i);
            if (i == cutAt) {
                cuts++;
                if (receive.resumable && fromGuid != 0) {
                    String token = "1-" + Long.toHexString(target.newGuid() & Long.MAX_VALUE);
                    into.partial = new SimHost.Partial(token, fromGuid, snap.guid, plan.dataset.name + "@" + snap.name,
                            plan.raw);
                    target.tokens.put(token, into.partial);
                    source.tokens.put(token, into.partial); // zfs send -t decodes the token on the source
                }
                Outcome cut = Outcome.failed("cannot receive incremental stream: checksum mismatch or incomplete stream");
                cut.bytes = outcome.bytes;
                return cut;
            }
            SimHost.Snap copy = snap.copy(snap.name, target.nextTxg());
            into.snapshots.add(copy);
            into.referenced = snap.referenced;
            fromGuid = snap.guid;
            outcome.bytes += 4096;
        }
        if (into.partial != null) {
            target.tokens.remove(into.partial.token());
            into.partial = null;
        }
        SimHost.Dataset received = into;
        if (plan.properties) {
            received.received.clear();
            plan.dataset.local.forEach((property, value) -> {
                if (property.contains(":") && !receive.excluded.contains(property)) {
                    received.received.put(property, value);
                }
            });
        }
        received.local.putAll(receive.set);
        if (fault == Fault.LANDED_FAILED) {
            landedFailed++;
            afterLanding.run();
            Outcome failed = Outcome.failed("cannot mount '/" + receive.target + "': mountpoint or dataset is busy");
            failed.sendStatus = 0;
            failed.bytes = outcome.bytes;
            return failed;
        }
        return outcome;
    }

    /** Why zfs recv refuses this stream into this target before anything arrives; null when it takes it. */
    private String refusal(Stream plan, Receive receive, SimHost.Dataset into) {
        if (into == null && plan.fromGuid != 0) {
            return "cannot receive incremental stream: destination '" + receive.target + "' does not exist";
        }
        if (into == null) {
            String parent = SimHost.parent(receive.target);
            return parent != null && target.dataset(parent) == null ? "cannot receive new filesystem stream: "
                    + "parent of '" + receive.target + "' does not exist" : null;
        }
        if (plan.fromGuid == 0) {
            return "cannot receive new filesystem stream: destination '" + receive.target + "' exists\n"
                    + "must specify -F to overwrite it";
        }
        if (into.partial != null && !plan.resume) {
            return "destination " + receive.target + " contains partially-complete state from \"zfs receive -s\".";
        }
        if (plan.resume && (into.partial == null || into.partial.toGuid() != plan.snapshots.get(0).guid)) {
            return "cannot receive resume stream: kernel modules must be upgraded to receive this stream.";
        }
        SimHost.Snap newest = into.newest();
        if (newest == null || newest.guid != plan.fromGuid) {
            return "cannot receive incremental stream: most recent snapshot of " + receive.target
                    + " does not match incremental source";
        }
        if (into.modified() && !receive.rollback) {
            return "cannot receive incremental stream: destination " + receive.target
                    + " has been modified since most recent snapshot";
        }
        if (into.cipher != null && !plan.raw) {
            return "cannot receive incremental stream: encrypted dataset " + receive.target + " may not receive a"
                    + " non-raw incremental stream";
        }
        return null;
    }

    /** What a zfs send argument vector sends, read from the source. */
    private static final class Stream {
        SimHost.Dataset dataset;
        final List<SimHost.Snap> snapshots = new ArrayList<>();
        long fromGuid;
        boolean raw;
        boolean properties;
        boolean resume;
        String problem;

        static Stream parse(List<String> argv, SimHost source, SimHost target) {
            Stream stream = new Stream();
            String from = null;
            boolean range = false;
            for (int i = 2; i < argv.size() - 1; i++) {
                switch (argv.get(i)) {
                    case "-w" -> stream.raw = true;
                    case "-p" -> stream.properties = true;
                    case "-i" -> from = argv.get(++i);
                    case "-I" -> {
                        from = argv.get(++i);
                        range = true;
                    }
                    case "-t" -> {
                        stream.resume = true;
                        return stream.resumed(source, argv.get(++i));
                    }
                    default -> { }
                }
            }
            String to = argv.get(argv.size() - 1);
            int at = to.indexOf('@');
            stream.dataset = source.dataset(to.substring(0, at));
            SimHost.Snap last = stream.dataset == null ? null : stream.dataset.snapshot(to.substring(at + 1));
            if (last == null) {
                stream.problem = "cannot open '" + to + "': dataset does not exist";
                return stream;
            }
            SimHost.Snap base = null;
            if (from != null) {
                int mark = Math.max(from.indexOf('@'), from.indexOf('#'));
                base = from.charAt(mark) == '#' ? stream.dataset.bookmark(from.substring(mark + 1))
                        : stream.dataset.snapshot(from.substring(mark + 1));
                if (base == null) {
                    stream.problem = "cannot open '" + from + "': dataset does not exist";
                    return stream;
                }
                stream.fromGuid = base.guid;
            }
            for (SimHost.Snap snap : stream.dataset.snapshots) {
                if (snap == last || range && base != null && snap.txg > base.txg && snap.txg < last.txg) {
                    stream.snapshots.add(snap);
                }
            }
            return stream;
        }

        private Stream resumed(SimHost source, String token) {
            SimHost.Partial partial = source.tokens.get(token);
            if (partial == null) {
                problem = "cannot resume send: 'token' is not a valid resume token";
                return this;
            }
            int at = partial.toName().indexOf('@');
            dataset = source.dataset(partial.toName().substring(0, at));
            SimHost.Snap snap = dataset == null ? null : dataset.snapshot(partial.toName().substring(at + 1));
            if (snap == null || snap.guid != partial.toGuid()) {
                problem = "cannot resume send: '" + partial.toName() + "' used in the initial send no longer exists";
                return this;
            }
            snapshots.add(snap);
            fromGuid = partial.fromGuid();
            raw = partial.raw();
            return this;
        }
    }

    /** What a zfs recv argument vector asks for. */
    private static final class Receive {
        String target;
        boolean resumable;
        boolean rollback;
        final java.util.Map<String, String> set = new java.util.TreeMap<>();
        final java.util.Set<String> excluded = new java.util.HashSet<>();

        static Receive parse(List<String> argv) {
            Receive receive = new Receive();
            for (int i = 2; i < argv.size() - 1; i++) {
                switch (argv.get(i)) {
                    case "-s" -> receive.resumable = true;
                    case "-F" -> receive.rollback = true;
                    case "-o" -> {
                        String assignment = argv.get(++i);
                        int equals = assignment.indexOf('=');
                        receive.set.put(assignment.substring(0, equals), assignment.substring(equals + 1));
                    }
                    case "-x" -> receive.excluded.add(argv.get(++i));
                    default -> { }
                }
            }
            receive.target = argv.get(argv.size() - 1);
            return receive;
        }
    }

    /** A stage that has ended with {@code status}: what zfs's process would have left. */
    private static final class Ended extends Process {
        private final int status;

        Ended(int status) {
            this.status = status;
        }

        @Override
        public OutputStream getOutputStream() {
            return OutputStream.nullOutputStream();
        }

        @Override
        public InputStream getInputStream() {
            return InputStream.nullInputStream();
        }

        @Override
        public InputStream getErrorStream() {
            return InputStream.nullInputStream();
        }

        @Override
        public int waitFor() {
            return status;
        }

        @Override
        public boolean waitFor(long timeout, java.util.concurrent.TimeUnit unit) {
            return true;
        }

        @Override
        public int exitValue() {
            return status;
        }

        @Override
        public void destroy() {
        }

        @Override
        public boolean isAlive() {
            return false;
        }

        @Override
        public long pid() {
            return -1;
        }

        @Override
        public java.util.stream.Stream<ProcessHandle> descendants() {
            return java.util.stream.Stream.empty();
        }

        @Override
        public java.util.stream.Stream<ProcessHandle> children() {
            return java.util.stream.Stream.empty();
        }

        @Override
        public CompletableFuture<Process> onExit() {
            return CompletableFuture.completedFuture(this);
        }
    }
}
