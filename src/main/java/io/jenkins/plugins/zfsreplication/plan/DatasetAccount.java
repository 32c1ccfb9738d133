package io.jenkins.plugins.zfsreplication.plan;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One dataset of the selection as a plan (and then a night) accounts for it: its name as the
 * source lists it (text: a refused name is no {@link io.jenkins.plugins.zfsreplication.zfs.DatasetName}),
 * its outcome and why. Serializable: a Jenkins agent hands the accounts of its plan to the controller.
 */
public record DatasetAccount(String dataset, DatasetOutcome outcome, String reason) implements Serializable {
    public DatasetAccount {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(reason, "reason");
    }

    /** The same dataset with another outcome and reason (the run's verdict on a planned send). */
    public DatasetAccount with(DatasetOutcome other, String why) {
        return new DatasetAccount(dataset, other, why);
    }

    /**
     * Every dataset the plan saw under its roots, in plan order then the refused names: what the
     * plan alone says of each (a planned send counts as {@link DatasetOutcome#SENT}).
     */
    public static List<DatasetAccount> of(ReplicationPlan plan) {
        List<DatasetAccount> accounts = new ArrayList<>();
        for (DatasetPlan dataset : plan.datasets()) {
            DatasetOutcome outcome = DatasetOutcome.planned(dataset.action());
            String reason = outcome == DatasetOutcome.ATTENTION ? dataset.action() + " (" + dataset.reason() + ")"
                    : dataset.reason();
            accounts.add(new DatasetAccount(dataset.source().name(), outcome, reason));
        }
        for (RefusedName refused : plan.refusedNames()) {
            accounts.add(new DatasetAccount(refused.name(), refused.outcome(), refused.excluded() ? refused.reason()
                    : DatasetAction.SKIPPED + " (" + refused.reason() + ")"));
        }
        return List.copyOf(accounts);
    }

    /** How many of {@code accounts} came out so. */
    public static long count(List<DatasetAccount> accounts, DatasetOutcome outcome) {
        return accounts.stream().filter(account -> account.outcome() == outcome).count();
    }
}
