package io.jenkins.plugins.zfsreplication.plan;

import io.jenkins.plugins.zfsreplication.text.TerminalText;

/** plan.txt: the plan for people, one block per dataset, one line per step. */
public final class PlanText {
    private PlanText() {
    }

    public static String write(ReplicationPlan plan) {
        return write(plan, dataset -> java.util.List.of());
    }

    /**
     * The same with {@code notes} lines under each dataset's reason (pruning adds the rules each
     * side was judged by and where they come from).
     */
    public static String write(ReplicationPlan plan, java.util.function.Function<DatasetPlan, java.util.List<String>> notes) {
        StringBuilder text = new StringBuilder();
        // hosts, reasons and refused names may come from a crafted plan or a listing: shown, never interpreted
        text.append(String.format("plan of %s, source %s, target %s%n", plan.createdAt(),
                TerminalText.line(plan.sourceHost()), TerminalText.line(plan.targetHost())));
        long steps = plan.steps().size();
        text.append(String.format("%d dataset(s), %d step(s)%s%n", plan.datasets().size(), steps,
                plan.refusedNames().isEmpty() ? "" : String.format(", %d name(s) that cannot be planned",
                        plan.refusedNames().size())));
        java.util.List<DatasetAccount> accounts = DatasetAccount.of(plan);
        text.append("accounted for: ").append(accounting(outcome -> DatasetAccount.count(accounts, outcome)))
                .append('\n');
        for (DatasetPlan dataset : plan.datasets()) {
            text.append(String.format("%n%s -> %s: %s%s%n  %s%n", dataset.source(), dataset.target(), dataset.action(),
                    attention(DatasetOutcome.planned(dataset.action())), TerminalText.line(dataset.reason())));
            for (String note : notes.apply(dataset)) {
                text.append("  ").append(TerminalText.line(note)).append('\n');
            }
            if (dataset.encryption() != null) {
                text.append("  ").append(dataset.encryption().describe()).append('\n');
            }
            for (SendStep step : dataset.steps()) {
                text.append("  ").append(describe(step)).append('\n');
            }
        }
        for (RefusedName refused : plan.refusedNames()) {
            text.append(String.format("%n%s: %s%s%n  %s%n", TerminalText.line(refused.name()),
                    refused.excluded() ? DatasetAction.EXCLUDED : DatasetAction.SKIPPED, attention(refused.outcome()),
                    TerminalText.line(refused.reason())));
        }
        return text.toString();
    }

    /**
     * A plan's datasets counted by outcome, as plan.txt and the Jenkins build page say it: "1 to send,
     * 2 already current, 0 excluded by the backup host's choice, 1 needs attention" (a plan fails nothing).
     */
    public static String accounting(java.util.function.ToLongFunction<DatasetOutcome> count) {
        return String.format("%d to send, %d %s, %d %s, %d %s", count.applyAsLong(DatasetOutcome.SENT),
                count.applyAsLong(DatasetOutcome.CURRENT), DatasetOutcome.CURRENT.description(),
                count.applyAsLong(DatasetOutcome.EXCLUDED), DatasetOutcome.EXCLUDED.description(),
                count.applyAsLong(DatasetOutcome.ATTENTION), DatasetOutcome.ATTENTION.description());
    }

    /** ", needs attention" after the action of a dataset that does; else "". */
    private static String attention(DatasetOutcome outcome) {
        return outcome == DatasetOutcome.ATTENTION ? ", " + outcome.description() : "";
    }

    /** One step as the zfs send options it stands for. */
    public static String describe(SendStep step) {
        String size = step.estimatedBytes() < 0 ? "" : String.format(" (~%d bytes)", step.estimatedBytes());
        String rollback = step.rollback() ? " [rollback target to @" + step.from().name() + " first]" : "";
        return switch (step.kind()) {
            case FULL -> String.format("full         @%s%s", step.to().name(), size);
            case INCREMENTAL -> String.format("-i @%s -> @%s%s%s", step.from().name(), step.to().name(), size, rollback);
            case INCREMENTAL_RANGE -> String.format("-I @%s -> @%s%s%s", step.from().name(), step.to().name(), size,
                    rollback);
            case INCREMENTAL_FROM_BOOKMARK -> String.format("-i #%s -> @%s%s%s", step.from().name(), step.to().name(),
                    size, rollback);
            case RESUME -> String.format("resume token -> @%s%s", step.to().name(), size);
        };
    }
}
