package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.prune.PruneOptions;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import org.junit.jupiter.api.Test;

/** zfsSendRecv's prefix: the naming its targetRules judge between steps, as zfsPrune's prefix. */
class SendRecvTargetTest {
    private static final Instant NOW = Instant.parse("2026-11-30T04:00:00Z");

    @Test
    void shouldJudgeTheNamingOfThePrefixTheStepNames() {
        ZfsSendRecvStep step = new ZfsSendRecvStep("plan.json");
        step.setTargetRules("last: 2");
        step.setPrefix(" nightly ");

        PruneOptions retention = step.target().retention(NOW);

        assertThat(step.getPrefix()).isEqualTo(" nightly ");
        assertThat(retention.naming().prefix()).isEqualTo("nightly");
        assertThat(retention.naming().isCandidate("nightly-20261129T000000Z")).isTrue();
        assertThat(retention.naming().isCandidate("zr-20261129T000000Z")).isFalse();
    }

    @Test
    void shouldJudgeTheDefaultNamingWithoutAPrefix() {
        ZfsSendRecvStep step = new ZfsSendRecvStep("plan.json");
        step.setTargetRules("last: 2");

        PruneOptions retention = step.target().retention(NOW);

        assertThat(retention.naming().prefix()).isEqualTo(SnapshotNaming.DEFAULT_PREFIX);
        assertThat(retention.naming().isCandidate("zr-20261129T000000Z")).isTrue();
        assertThat(retention.naming().isCandidate("nightly-20261129T000000Z")).isFalse();
    }

    @Test
    void shouldRefuseABadPrefixOnTheControllerAsTheFormCheckDoes() {
        ZfsSendRecvStep step = new ZfsSendRecvStep("plan.json");
        step.setPrefix("bad prefix!");

        assertThatThrownBy(() -> step.target()).isInstanceOf(ZfsException.class)
                .hasMessageStartingWith("Invalid snapshot prefix 'bad prefix!'")
                .hasMessage(FieldChecks.prefix("bad prefix!").orElseThrow());
    }
}
