package io.jenkins.plugins.zfsreplication.steps.shared;

import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The datasets' outcomes in a step's value for a Pipeline script, in night.json's names: plain
 * strings, integers, LinkedHashMaps and ArrayLists, as a running Pipeline saves them.
 */
public final class OutcomeValues {
    private OutcomeValues() {
    }

    /** {@code outcomes}: how many came out each way; {@code datasetOutcomes}: each with its outcome and reason. */
    public static void put(Map<String, Object> value, List<DatasetAccount> accounts) {
        Map<String, Object> outcomes = new LinkedHashMap<>();
        for (DatasetOutcome outcome : DatasetOutcome.values()) {
            outcomes.put(outcome.jsonName(), (int) DatasetAccount.count(accounts, outcome));
        }
        value.put("outcomes", outcomes);
        ArrayList<Map<String, Object>> each = new ArrayList<>();
        for (DatasetAccount account : accounts) {
            Map<String, Object> dataset = new LinkedHashMap<>();
            dataset.put("dataset", account.dataset());
            dataset.put("outcome", account.outcome().jsonName());
            dataset.put("reason", account.reason());
            each.add(dataset);
        }
        value.put("datasetOutcomes", each);
    }
}
