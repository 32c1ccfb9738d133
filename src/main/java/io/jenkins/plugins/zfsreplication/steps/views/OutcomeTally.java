package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Every dataset of one step counted by its outcome, and each that needs a person (attention or
 * failed) named with why, as the build page keeps them (a plain class: see {@link StepRecord}).
 */
public final class OutcomeTally implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Every outcome once, in the enum's order. */
    private final ArrayList<OutcomeCount> counts = new ArrayList<>();
    /** {@code dataset: reason} of each dataset whose outcome needs a person. */
    private final ArrayList<String> needingAPerson = new ArrayList<>();

    public OutcomeTally(List<DatasetAccount> accounts) {
        for (DatasetOutcome outcome : DatasetOutcome.values()) {
            counts.add(new OutcomeCount(outcome, (int) DatasetAccount.count(accounts, outcome)));
        }
        accounts.stream().filter(account -> account.outcome().needsAPerson())
                .forEach(account -> needingAPerson.add(account.dataset() + ": " + account.reason()));
    }

    /** How many datasets came out so. */
    public int count(DatasetOutcome outcome) {
        return counts.stream().filter(c -> c.getOutcome() == outcome).mapToInt(OutcomeCount::getCount).sum();
    }

    /** Every count with its outcome's words: "2 sent, 1 already current, ..., 0 failed". */
    public String getText() {
        return counts.stream().map(c -> c.getCount() + " " + c.getOutcome().description())
                .collect(Collectors.joining(", "));
    }

    /** Each dataset that needs a person, as {@code dataset: reason}. */
    public List<String> getNeedingAPerson() {
        return Collections.unmodifiableList(needingAPerson);
    }
}
