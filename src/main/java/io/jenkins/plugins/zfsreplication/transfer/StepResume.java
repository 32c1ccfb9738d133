package io.jenkins.plugins.zfsreplication.transfer;

import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * A target's resume token before a step: used when it resumes exactly this step
 * ({@link TokenCheck}), else aborted and the step sent from its start. Either end may be on another
 * host: a sending side has the tokens read on the target before the run, a receiving side (tcp
 * between agents) only discards a token the sender did not resume.
 */
final class StepResume {
    private final Zfs source;
    private final Zfs target;
    private final ResumeTokens targetTokens;
    private final Set<DatasetName> tokensUsed = java.util.concurrent.ConcurrentHashMap.newKeySet();

    StepResume(Zfs source, Zfs target, ResumeTokens targetTokens) {
        this.source = source;
        this.target = target;
        this.targetTokens = targetTokens;
    }

    /**
     * The receiving side of tcp between agents, for a step that arrives from its start: a token the
     * target still holds was not resumed by the sender (stale, or the sender cannot resume), and
     * zfs refuses a new receive next to it. Discarded, and the discard is logged.
     */
    void abortUnresumed(SendStep step, Consumer<String> log) {
        Optional<String> token = target.receiveResumeToken(step.target());
        if (token.isPresent()) {
            target.abortReceive(step.target());
            log.accept(String.format("%s: zfs recv -A %s: the sender did not resume the target's resume token "
                    + "(stale), so its partial receive was discarded before the step from its start", step.target(),
                    step.target()));
        }
    }

    /** The target's token: read now on the target, or, on a sending side, the one read there before the run. */
    private Optional<String> targetToken(DatasetName dataset) {
        if (target != null) {
            return target.receiveResumeToken(dataset);
        }
        // a token is the state before the run: once its step ran (resumed or not) it is gone
        return tokensUsed.add(dataset) ? targetTokens.token(dataset) : Optional.empty();
    }

    /**
     * The step resumed from the target's token when the token resumes exactly this step
     * ({@link TokenCheck}: snapshot, base and send flags, read from the token itself) and the source
     * can still resume it; otherwise the token is aborted (here, or on a sending side by the receiving
     * side when the step arrives from its start), the step starts again, and the log says why.
     */
    Optional<SendStep> resume(SendStep step, Set<SendOption> used, Consumer<String> log) {
        Optional<String> token = targetToken(step.target());
        if (token.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> mismatch = TokenCheck.mismatch(token.get(), step, used);
        String contents = "";
        if (mismatch.isEmpty()) {
            try {
                contents = source.describeResumeToken(token.get());
            } catch (ZfsException e) {
                mismatch = Optional.of("the source cannot resume it: " + e.getMessage());
            }
        }
        if (mismatch.isEmpty()) {
            log.accept(String.format("%s: resuming the interrupted receive of %s from the target's resume token",
                    step.target(), step.to().name()));
            // the plan's estimate is of the whole stream; a resumed one sends only the rest
            return Optional.of(new SendStep(step.source(), step.target(), SendKind.RESUME, step.from(), step.to(),
                    token.get(), step.rollback(), Zfs.resumeSizeEstimate(contents)));
        }
        if (target != null) {
            target.abortReceive(step.target()); // else the receiving side does, when the step arrives from its start
        }
        log.accept(String.format("%s: stale resume token (%s): aborted with zfs recv -A, sending the step from its "
                + "start", step.target(), mismatch.get()));
        return Optional.empty();
    }
}
