package io.jenkins.plugins.zfsreplication.steps.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * What zfsSnapshotPlan returns to a Pipeline script: tonight's snapshot, the datasets sent (what a
 * verify loop needs, without readJSON), those that need a person, and every dataset's outcome. A running Pipeline saves the
 * value in its program state, so it holds only JDK value types: strings, integers, ArrayList and
 * LinkedHashMap (no immutable List.of, no class of the plugin), and survives serialization whole.
 */
class PlanValueTest {
    @Test
    void shouldReturnTonightsSnapshotTheDatasetsSentAndTheProblems() throws Exception {
        ReplicationPlan plan = new ReplicationPlan(Instant.EPOCH, "local", "nas", List.of(
                send("tank/home"), send("tank/vm/disk0"),
                dataset("tank/old", DatasetAction.UP_TO_DATE, ""),
                dataset("tank/e", DatasetAction.DIVERGED, "changed after zr-1"),
                dataset("tank/f", DatasetAction.REFUSED, "no common snapshot, 3 target snapshots")));

        Map<String, Object> value = PlanCallable.summary(plan, "zr-20261204T020000Z", List.of("a log line")).toMap();

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("summary", "5 dataset(s): 2 to send in 2 step(s), 2 need attention");
        expected.put("snapshot", "zr-20261204T020000Z");
        expected.put("datasets", 5);
        expected.put("toSend", 2);
        expected.put("upToDate", 1);
        expected.put("skipped", 0);
        expected.put("problems", 2);
        expected.put("steps", 2);
        expected.put("sent", new ArrayList<>(List.of(sent("tank/home", "backup/tank/home", "tank_home"),
                sent("tank/vm/disk0", "backup/tank/vm/disk0", "tank_vm_disk0"))));
        expected.put("problemDatasets", new ArrayList<>(List.of("tank/e: DIVERGED (changed after zr-1)",
                "tank/f: REFUSED (no common snapshot, 3 target snapshots)")));
        Map<String, Object> outcomes = new LinkedHashMap<>();
        outcomes.put("sent", 2);
        outcomes.put("current", 1);
        outcomes.put("excluded", 0);
        outcomes.put("attention", 2);
        outcomes.put("failed", 0);
        expected.put("outcomes", outcomes);
        expected.put("datasetOutcomes", new ArrayList<>(List.of(outcome("tank/home", "sent", ""),
                outcome("tank/vm/disk0", "sent", ""), outcome("tank/old", "current", ""),
                outcome("tank/e", "attention", "DIVERGED (changed after zr-1)"),
                outcome("tank/f", "attention", "REFUSED (no common snapshot, 3 target snapshots)"))));
        assertThat(value).containsExactlyEntriesOf(expected);
        assertOnlyJdkValues(value);
        assertThat(roundTrip(value)).isEqualTo(value);
    }

    private static void assertOnlyJdkValues(Object value) {
        assertThat(value.getClass()).isIn(String.class, Integer.class, ArrayList.class, LinkedHashMap.class);
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, inner) -> {
                assertThat(key).isInstanceOf(String.class);
                assertOnlyJdkValues(inner);
            });
        } else if (value instanceof List<?> list) {
            list.forEach(PlanValueTest::assertOnlyJdkValues);
        }
    }

    private static Object roundTrip(Object value) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

    private static Map<String, Object> outcome(String dataset, String outcome, String reason) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("dataset", dataset);
        map.put("outcome", outcome);
        map.put("reason", reason);
        return map;
    }

    private static Map<String, Object> sent(String source, String target, String name) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("source", source);
        map.put("target", target);
        map.put("name", name);
        return map;
    }

    private static DatasetPlan send(String name) {
        DatasetName source = DatasetName.of(name);
        DatasetName target = DatasetName.of("backup/" + name);
        return new DatasetPlan(source, target, DatasetAction.SEND, "", List.of(new SendStep(source, target,
                SendKind.FULL, null, new SnapshotRef("zr-20261204T020000Z", 1, 1, 1), null, false, -1)));
    }

    private static DatasetPlan dataset(String name, DatasetAction action, String reason) {
        return new DatasetPlan(DatasetName.of(name), DatasetName.of("backup/" + name), action, reason, List.of());
    }
}
