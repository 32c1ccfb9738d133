package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A plan's account of its datasets after its transfer ran: a planned send of which a step did not
 * end ok (or skipped by the gate) is {@link DatasetOutcome#FAILED}, with the first such step's error;
 * everything else stays as the plan said it.
 */
public final class TransferAccounts {
    private TransferAccounts() {
    }

    public static List<DatasetAccount> after(List<DatasetAccount> planned, TransferReport report) {
        return after(planned, report.steps().stream().map(result -> new StepEnd(result.step().source().name(),
                result.step().to().name(), result.outcome(), result.message())).toList());
    }

    /**
     * How one step ended, as transfer.json keeps it: the source dataset, the snapshot it was to
     * bring, its outcome (null: a result this version does not know, never taken for ok), its error.
     */
    public record StepEnd(String dataset, String to, StepOutcome outcome, String error) {
    }

    /** The same from the steps as read back (the command line's night reads transfer.json). */
    public static List<DatasetAccount> after(List<DatasetAccount> planned, List<StepEnd> steps) {
        Map<String, String> failed = new HashMap<>();
        for (StepEnd step : steps) {
            if (!fine(step.outcome())) {
                failed.putIfAbsent(step.dataset(), "step to @" + step.to() + " " + (step.outcome() == null ? "?"
                        : step.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-')) + ": " + step.error());
            }
        }
        List<DatasetAccount> after = new ArrayList<>();
        for (DatasetAccount account : planned) {
            String why = failed.get(account.dataset());
            after.add(account.outcome() == DatasetOutcome.SENT && why != null
                    ? account.with(DatasetOutcome.FAILED, why) : account);
        }
        return List.copyOf(after);
    }

    private static boolean fine(StepOutcome outcome) {
        if (outcome == null) {
            return false;
        }
        return switch (outcome) {
            case OK, SKIPPED -> true;
            case FAILED, CANCELLED, NOT_RUN -> false;
        };
    }
}
