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
        Map<String, String> failed = new HashMap<>();
        for (StepResult result : report.steps()) {
            boolean fine = switch (result.outcome()) {
                case OK, SKIPPED -> true;
                case FAILED, CANCELLED, NOT_RUN -> false;
            };
            if (!fine) {
                failed.putIfAbsent(result.step().source().name(), "step to @" + result.step().to().name() + " "
                        + result.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-') + ": " + result.message());
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
}
