package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.files.InterruptCleared;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.prune.Destroyer;
import io.jenkins.plugins.zfsreplication.prune.PruneOptions;
import io.jenkins.plugins.zfsreplication.prune.PruneRun;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.zfs.Capabilities;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * The engine's entry point for send/recv: a plan's send steps run as pipelines, then transfer.json,
 * throughput.csv and throughput.svg written. The command line ({@code send}, {@code recv},
 * {@code run}) and zfsSendRecv's callables make a job with one of the factories and run it;
 * nothing else puts a {@link TransferSetup}, the retention gate, the {@link TransferEngine} and
 * {@link TransferArtifacts} together.
 */
public final class SendRecvJob {
    private final TransferSetup setup;
    private final TransferOptions options;
    private final TransferEngine engine;
    private final Consumer<String> log;
    private final SourceBookmarks bookmarks;
    private final Clock clock;

    /**
     * What a run did.
     *
     * @param artifacts the files written, in the order of {@link TransferArtifacts#write}
     */
    public record Result(TransferReport report, List<Path> artifacts) {
        public Result {
            artifacts = List.copyOf(artifacts);
        }
    }

    private SendRecvJob(TransferSetup setup, TransferOptions options, Consumer<String> log) {
        this(setup, options, log, null);
    }

    private SendRecvJob(TransferSetup setup, TransferOptions options, Consumer<String> log, SourceBookmarks bookmarks) {
        this(setup, options, log, bookmarks, Clock.systemUTC());
    }

    private SendRecvJob(TransferSetup setup, TransferOptions options, Consumer<String> log, SourceBookmarks bookmarks,
                        Clock clock) {
        this.log = log;
        this.bookmarks = bookmarks;
        this.setup = setup;
        this.options = options;
        this.clock = clock;
        this.engine = new TransferEngine(setup, options, log, clock);
    }

    /** This job, asking the retention gate and timing its steps by {@code clock} (the host's clock). */
    public SendRecvJob clocked(Clock other) {
        return new SendRecvJob(setup, options, log, bookmarks, other);
    }

    /**
     * Both ends driven from this host: zfs send here, zfs recv through {@code transport} into
     * {@code target} (each end's zfs as {@code topology.Topology} makes it), both probed, every step checked on
     * both ends first.
     *
     * @param retention the target's rules, asked again before each step (a snapshot that aged out
     *                  while earlier steps ran is not sent); null: every step runs
     */
    public static SendRecvJob bothEnds(Transport transport, Zfs source, Zfs target, PruneOptions retention,
                                       ReplicationPlan plan, TransferOptions options, Consumer<String> log) {
        StepGate gate = retention == null ? StepGate.KEEP_ALL
                : new PruneRun(source, target, retention, false, Destroyer.ErrorPolicy.CONTINUE)
                        .retentionCheck(plan, log)::stillWanted;
        return new SendRecvJob(TransferSetup.zfs(transport, source, target, ProcessSite.local(), ProcessSite.local(),
                gate, options.receiving().createParents(), options.receiving().allowRollback()), options, log,
                new SourceBookmarks(source, target));
    }

    /**
     * This job, bookmarking on {@code source} the newest snapshot each dataset delivered
     * ({@link SourceBookmarks}); {@link #bothEnds} jobs do so already.
     */
    public SendRecvJob bookmarkingOn(Zfs source) {
        return new SendRecvJob(setup, options, log, new SourceBookmarks(source), clock);
    }

    /**
     * The sending side of a run whose receiving side runs elsewhere ({@code transport} reaches it):
     * the options used are those {@code source} and the other side's {@code targetCapabilities}
     * both have.
     *
     * @param preflight the checks this side makes before each step
     * @param gate      the target's rules between steps; see {@link #retentionGate}
     */
    public static SendRecvJob sendingSide(Transport transport, Capabilities sourceCapabilities,
                                          Capabilities targetCapabilities, Preflight preflight, StepGate gate,
                                          TransferOptions options, Consumer<String> log) {
        return new SendRecvJob(new TransferSetup(transport, new ZfsStreamCommands(), ProcessSite.local(),
                ProcessSite.local(), sourceCapabilities, targetCapabilities, preflight, gate), options, log);
    }

    /** The receiving side of the recv command: the stream arrives through {@code transport}, zfs recv here. */
    public static SendRecvJob receivingSide(Transport transport, Zfs target, TransferOptions options,
                                            Consumer<String> log) {
        Capabilities capabilities = target.capabilities();
        return new SendRecvJob(new TransferSetup(transport, new ZfsStreamCommands(), ProcessSite.local(),
                ProcessSite.local(), capabilities, capabilities, Preflight.NONE, StepGate.KEEP_ALL), options, log);
    }

    /** The target's rules checked between steps against {@code targetListing}, taken on the target's host. */
    public static StepGate retentionGate(Zfs source, PruneOptions retention, ReplicationPlan plan,
                                         ListingText targetListing, Consumer<String> log) {
        if (retention == null || targetListing == null) {
            return StepGate.KEEP_ALL;
        }
        return new PruneRun(source, null, retention, false, Destroyer.ErrorPolicy.CONTINUE)
                .retentionCheck(plan, targetListing, log)::stillWanted;
    }

    /** What the run uses: the stream's producer and consumer, both ends' capabilities (for a dry run). */
    public TransferSetup setup() {
        return setup;
    }

    public TransferOptions options() {
        return options;
    }

    /** Runs every step of {@code plan} and writes the artifacts into {@code artifacts}, also after a failure. */
    public Result run(ReplicationPlan plan, Path artifacts) throws IOException {
        return run(plan, artifacts, null);
    }

    /**
     * The same, then records what each dataset has on the target in {@code holds} (the target id's
     * holds on the source, moved forward; what the run sends is held before it starts); null:
     * nothing is held.
     *
     * <p>A run cancelled by an interrupt (an aborted build) ends its pipelines and still writes the
     * artifacts and moves the bookmarks and holds of what was delivered before the cancel, as a
     * run cancelled by {@link #cancel()} (a signal) does: the interrupt is held back meanwhile (a
     * command does not run in an interrupted thread) and set again when this returns.
     */
    public Result run(ReplicationPlan plan, Path artifacts, BaseHolds holds) throws IOException {
        if (holds != null) {
            Listing sources = holds.holdInFlight(plan, log);
            if (sources != null) {
                setup.preflight().sourceListed(sources);
            }
        }
        TransferReport report = engine.run(plan);
        // a cancelled run still writes its artifacts and moves the holds of what arrived
        return InterruptCleared.call(() -> {
            Result result = new Result(report, TransferArtifacts.write(report, artifacts));
            Zfs source = holds != null ? holds.source() : bookmarks != null ? bookmarks.source() : null;
            if (source != null) {
                // what is on the target now, not what the steps reported: a step can land and still fail
                Zfs target = holds != null && holds.target() != null ? holds.target()
                        : bookmarks != null ? bookmarks.target() : null;
                Arrivals arrivals = Arrivals.find(plan, report, source, target, setup.preflight()::targetListedAfterRun,
                        log);
                if (bookmarks != null) {
                    bookmarks.mark(plan, arrivals, log);
                }
                if (holds != null) {
                    holds.advance(plan, arrivals, log);
                }
            }
            return result;
        });
    }

    /** Ends every pipeline of a running {@link #run}; the report records where it stopped. */
    public void cancel() {
        engine.cancel();
    }
}
