package io.jenkins.plugins.zfsreplication.steps.shared;

import java.util.List;
import java.util.Optional;

/**
 * Whether a build may use a node, decided by questions asked in order, as the queue asks them
 * before it hands a node an item: the first refusal is the answer. A question that throws refuses
 * too, as in the queue (nothing can be promised about a node whose check failed).
 */
final class NodeAdmission {
    /** One question; a non-null answer is the reason of a refusal. */
    @FunctionalInterface
    interface Question {
        String refusal() throws Exception;
    }

    /**
     * A question and who asks it, named in the refusal when the question throws.
     *
     * @param asker    a node, a queue task dispatcher, ...
     * @param question the question
     */
    record Asked(String asker, Question question) {
    }

    private NodeAdmission() {
    }

    /** The first refusal, or empty when every question lets the build in. */
    static Optional<String> firstRefusal(List<Asked> questions) {
        for (Asked asked : questions) {
            String refusal;
            try {
                refusal = asked.question().refusal();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of(asked.asker() + " was interrupted while deciding");
            } catch (Exception e) {
                return Optional.of(String.format("%s failed while deciding (%s: %s)", asked.asker(),
                        e.getClass().getName(), e.getMessage()));
            }
            if (refusal != null) {
                return Optional.of(refusal.isBlank() ? asked.asker() + " refused without giving a reason" : refusal);
            }
        }
        return Optional.empty();
    }
}
