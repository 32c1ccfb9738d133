package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.jenkins.plugins.zfsreplication.zfs.ObjectType;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/** The columnar decision log reads back the decisions it was given, across datasets and empty ones. */
class DecisionLogTest {

    @Test
    void shouldReadBackEveryDecisionInOrderAcrossEmptyAndFullLogs() {
        SnapshotTable snapshots = SnapshotTable.of("tank/a", List.of(snapshot("s1", 11), snapshot("s2", -5)));
        DecisionLog.Side source = new DecisionLog.Side(CandidateSide.SOURCE, "local", "tank/a", snapshots);
        DecisionLog.Side planned = new DecisionLog.Side(CandidateSide.PLANNED, "backup", "pool/a", snapshots);
        List<DecisionLog> logs = new ArrayList<>();
        List<PruneDecision> expected = new ArrayList<>();
        for (int size : new int[] {0, 2, 0, 0, 3, 0, 1}) {
            DecisionLog log = new DecisionLog(1, source, planned);
            for (int i = 0; i < size; i++) {
                Decision decision = Decision.values()[i % 3];
                log.add(i % 2, i % 2, decision, "rule " + i, 1_000L * i);
                DecisionLog.Side side = i % 2 == 0 ? source : planned;
                expected.add(new PruneDecision(side.name(), side.host(), side.dataset(), i % 2 == 0 ? "s1" : "s2",
                        i % 2 == 0 ? 11 : -5, 1_000L * i, new PruneDecision.Verdict(decision, "rule " + i, false)));
            }
            logs.add(log);
        }

        List<PruneDecision> all = DecisionLog.concat(logs);

        assertThat(all).containsExactlyElementsOf(expected);
        assertThat(all.get(3)).isEqualTo(expected.get(3));
        assertThat(all.get(5).guidText()).isEqualTo("11");
        assertThatThrownBy(() -> all.get(6)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(DecisionLog.concat(List.of())).isEmpty();
    }

    private static ZfsObject snapshot(String name, long guid) {
        return new ZfsObject("tank/a@" + name, ObjectType.SNAPSHOT, guid, 1, 2, 0, 0, Map.of());
    }
}
