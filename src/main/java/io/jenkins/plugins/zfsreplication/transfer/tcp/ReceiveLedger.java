package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.StepTransfer;
import io.jenkins.plugins.zfsreplication.transfer.TransferEngine;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendStep;

/**
 * The receiving side's book of a plan's steps: one random one-time token per step, and each step's
 * state. A connection's header (token, step id, then 'r' when the sender resumes the step from the
 * target's resume token, else 'f') is accepted only for a step that exists,
 * with that step's token, that has not been received or started yet: anything else is refused
 * before {@code zfs recv} starts. Steps the sender skipped (its retention gate) are recognised
 * when a later step of the dataset arrives, which is then received as the sender rebased it.
 */
final class ReceiveLedger {
    /** The step id after the token: 8 hex digits, the step's index in {@code plan.steps()}. */
    static final int STEP_ID_LENGTH = 8;
    static final int HEADER_LENGTH = TcpListener.TOKEN_LENGTH + STEP_ID_LENGTH + 1;
    private static final char RESUMED = 'r';
    private static final char FROM_START = 'f';
    private static final SecureRandom RANDOM = new SecureRandom();

    private enum State { PENDING, RECEIVING, DONE, SKIPPED }

    private final List<SendStep> steps;
    private final List<String> tokens;
    private final State[] states;
    private final List<ReceivedStep> received = new ArrayList<>();

    ReceiveLedger(ReplicationPlan plan) {
        this.steps = plan.steps();
        List<String> made = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            byte[] random = new byte[TcpListener.TOKEN_LENGTH / 2];
            RANDOM.nextBytes(random);
            made.add(HexFormat.of().formatHex(random));
        }
        this.tokens = List.copyOf(made);
        this.states = new State[steps.size()];
        java.util.Arrays.fill(states, State.PENDING);
    }

    List<String> tokens() {
        return tokens;
    }

    /** The header a sender presents for step {@code index}; {@code resumed}: it sends {@code zfs send -t}. */
    static String header(String token, int index, boolean resumed) {
        return token + String.format(Locale.ROOT, "%08x", index) + (resumed ? RESUMED : FROM_START);
    }

    /**
     * The step a header names, marked as being received, rebased over the steps of its dataset that
     * the sender skipped; or a {@link TcpListener.Refusal} saying why not.
     */
    synchronized Accepted accept(byte[] header) {
        String text = new String(header, StandardCharsets.US_ASCII);
        String id = text.substring(TcpListener.TOKEN_LENGTH, TcpListener.TOKEN_LENGTH + STEP_ID_LENGTH);
        char mode = text.charAt(HEADER_LENGTH - 1);
        if (!id.matches("[0-9a-f]{" + STEP_ID_LENGTH + "}") || mode != RESUMED && mode != FROM_START) {
            throw new TcpListener.Refusal("presented a malformed step id");
        }
        long index = Long.parseLong(id, 16);
        if (index >= steps.size()) {
            throw new TcpListener.Refusal("named step " + id + ", which is not in the plan");
        }
        int i = (int) index;
        byte[] expected = tokens.get(i).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, text.substring(0, TcpListener.TOKEN_LENGTH).getBytes(StandardCharsets.US_ASCII))) {
            throw new TcpListener.Refusal("presented a wrong token");
        }
        if (states[i] != State.PENDING) {
            throw new TcpListener.Refusal("named step " + StepTransfer.label(steps.get(i)) + ", which was already "
                    + "received or is being received");
        }
        SendStep step = steps.get(i);
        SendStep skippedBase = null;
        for (int j = 0; j < i; j++) {
            if (states[j] == State.PENDING && steps.get(j).target().equals(step.target())) {
                states[j] = State.SKIPPED;
                skippedBase = skippedBase == null ? steps.get(j) : skippedBase;
            }
        }
        states[i] = State.RECEIVING;
        return new Accepted(i, skippedBase == null ? step : TransferEngine.rebase(step, skippedBase), mode == RESUMED);
    }

    /**
     * A step accepted for receiving: its index, the step to receive, and whether the sender resumes
     * it from the target's resume token (then the target keeps its partial receive).
     */
    record Accepted(int index, SendStep step, boolean resumed) {
    }

    synchronized void finish(Accepted accepted, StepOutcome outcome, long bytes, String message) {
        states[accepted.index()] = State.DONE;
        received.add(new ReceivedStep(accepted.index(), StepTransfer.label(accepted.step()), outcome, bytes, message));
    }

    synchronized List<ReceivedStep> received() {
        return List.copyOf(received);
    }
}
