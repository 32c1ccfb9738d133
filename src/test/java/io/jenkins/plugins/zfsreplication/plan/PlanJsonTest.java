package io.jenkins.plugins.zfsreplication.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import org.junit.jupiter.api.Test;

class PlanJsonTest {
    private static final DatasetName SOURCE = DatasetName.of("tank/home");
    private static final DatasetName TARGET = DatasetName.of("backup/tank/home");
    private static final SnapshotRef S1 = new SnapshotRef("zr-20261128T000000Z", -2L, 100, 1_795_910_400L);
    private static final SnapshotRef S2 = new SnapshotRef("zr-20261129T000000Z", 42L, 200, 1_795_996_800L);

    private static ReplicationPlan plan() {
        return new ReplicationPlan(Instant.parse("2026-11-29T00:00:05Z"), "src-host", "dst-host", List.of(
                new DatasetPlan(SOURCE, TARGET, DatasetAction.SEND, "", List.of(
                        new SendStep(SOURCE, TARGET, SendKind.FULL, null, S1, null, false, -1),
                        new SendStep(SOURCE, TARGET, SendKind.INCREMENTAL, S1, S2, null, false, 123_456))),
                new DatasetPlan(DatasetName.of("tank/vm"), DatasetName.of("backup/tank/vm"), DatasetAction.REFUSED,
                        "the target exists and shares no snapshot with the source", List.of())));
    }

    @Test
    void shouldRoundTripAPlanExactly() {
        String json = PlanJson.write(plan());

        assertThat(PlanJson.read(json, "plan.json")).isEqualTo(plan());
        assertThat(PlanJson.write(PlanJson.read(json, "plan.json"))).isEqualTo(json);
        assertThat(json).contains("\"format\" : 2", "\"sourceRoots\" : [ \"tank/home\", \"tank/vm\" ]",
                "\"targetRoot\" : \"backup/tank\"", "\"kind\" : \"zfs-replication-plan\"",
                "\"guid\" : \"18446744073709551614\"", "\"from\" : null");
    }

    @Test
    void shouldRefuseCorruptAndForeignFilesNamingTheProblem() {
        String json = PlanJson.write(plan());

        assertThatThrownBy(() -> PlanJson.read("{\"format\":1", "x.json")).hasMessageStartingWith("x.json is not valid JSON");
        assertThatThrownBy(() -> PlanJson.read("{\"name\":\"zrepl\"}", "x.json"))
                .hasMessage("x.json is not a zfs-replication plan (no \"kind\": \"zfs-replication-plan\")");
        assertThatThrownBy(() -> PlanJson.read(json.replace("\"format\" : 2", "\"format\" : 7"), "x.json"))
                .hasMessage("x.json has plan format 7; this version reads format 2: make the plan again with this version");
        assertThatThrownBy(() -> PlanJson.read(json.replace("\"INCREMENTAL\"", "\"SIDEWAYS\""), "x.json"))
                .hasMessageContaining("field \"kind\" is 'SIDEWAYS', not one of");
        assertThatThrownBy(() -> PlanJson.read(json.replace("tank/home\"", "tank/home;reboot\""), "x.json"))
                .isInstanceOf(PlanException.class).hasMessageContaining("character ';'");
        assertThatThrownBy(() -> PlanJson.read(json.replace("\"42\"", "\"4x2\""), "x.json"))
                .hasMessageContaining("\"to.guid\" is '4x2'");
        assertThatThrownBy(() -> PlanJson.read(json.replaceFirst("\"steps\" : \\[ \\]", "\"steps\" : 3"), "x.json"))
                .hasMessageContaining("field \"steps\" is missing or not a list");
    }

    @Test
    void shouldRejectInconsistentSteps() {
        assertThatThrownBy(() -> new SendStep(SOURCE, TARGET, SendKind.INCREMENTAL, null, S2, null, false, -1))
                .hasMessageContaining("needs a base snapshot");
        assertThatThrownBy(() -> new SendStep(SOURCE, TARGET, SendKind.FULL, S1, S2, null, false, -1))
                .hasMessageContaining("cannot have a base snapshot");
        assertThatThrownBy(() -> new DatasetPlan(SOURCE, TARGET, DatasetAction.SEND, "", List.of()))
                .hasMessageContaining("SEND, and only SEND, has steps");
    }
}
