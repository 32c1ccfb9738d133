package io.jenkins.plugins.zfsreplication.steps.views;

import static io.jenkins.plugins.zfsreplication.steps.views.TrendFixtures.BUILDS;
import static io.jenkins.plugins.zfsreplication.steps.views.TrendFixtures.MIB;
import static io.jenkins.plugins.zfsreplication.steps.views.TrendFixtures.action;
import static io.jenkins.plugins.zfsreplication.steps.views.TrendFixtures.coverage;
import static io.jenkins.plugins.zfsreplication.steps.views.TrendFixtures.history;
import static io.jenkins.plugins.zfsreplication.steps.views.TrendFixtures.prune;
import static io.jenkins.plugins.zfsreplication.steps.views.TrendFixtures.result;
import static io.jenkins.plugins.zfsreplication.steps.views.TrendFixtures.transfer;
import static io.jenkins.plugins.zfsreplication.steps.views.TrendFixtures.verify;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.steps.views.TrendPoint.Verdict;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The job page's trend from the records real steps leave on their builds: sums per build, the
 * worst verify verdict, builds without zfs steps skipped, the bound on builds read, and the JSON
 * model the chart script reads. Expected values are worked out by hand from the fixtures.
 */
class ZfsReplicationTrendTest {

    @Test
    void shouldSumEveryTransferAndPruneOfABuild() {
        ZfsReplicationAction build = action(
                transfer(2500, 3 * MIB),                 // one dataset, 3 MiB in 2.5 s
                prune(4, 6),
                transfer(1500, MIB / 2, MIB / 2),        // two datasets, 1 MiB in 1.5 s
                prune(1, 2),
                verify(0L));

        TrendPoint point = TrendPoint.of(7, build);

        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(point.build()).isEqualTo(7);
        soft.assertThat(point.transfers().bytesSent()).isEqualTo(4 * MIB);
        soft.assertThat(point.transfers().seconds()).isEqualTo(4.0);
        soft.assertThat(point.throughput()).isEqualTo((double) MIB);
        soft.assertThat(point.transfers().datasets()).isEqualTo(3);
        soft.assertThat(point.prunes().destroyed()).isEqualTo(5);
        soft.assertThat(point.prunes().kept()).isEqualTo(8);
        soft.assertThat(point.verifies().verdict()).isEqualTo(Verdict.IDENTICAL);
        soft.assertThat(point.transfers().stepsSkipped()).isZero();
        soft.assertThat(point.transfers().stepsFailed()).isZero();
        soft.assertAll();
    }

    @Test
    void shouldCountSkippedAndFailedSendStepsOfATransfer() {
        TrendPoint point = TrendPoint.of(3, action(transfer(1000, List.of(result(0, StepOutcome.OK, 1000),
                result(1, StepOutcome.SKIPPED, 0), result(1, StepOutcome.FAILED, 200), result(2, StepOutcome.SKIPPED, 0)))));

        assertThat(point.transfers()).extracting(TrendPoint.Transfers::bytesSent, TrendPoint.Transfers::datasets,
                TrendPoint.Transfers::stepsSkipped, TrendPoint.Transfers::stepsFailed).containsExactly(1200L, 3, 2, 1);
        assertThat(point.throughput()).isEqualTo(1200.0);
    }

    @Test
    void shouldGiveEachBuildItsWorstVerifyVerdict() {
        assertThat(TrendPoint.of(1, action(verify(0L), verify(3L), verify(null))).verifies().verdict())
                .isEqualTo(Verdict.MISMATCH);
        assertThat(TrendPoint.of(1, action(verify(null), verify(0L))).verifies().verdict()).isEqualTo(Verdict.IDENTICAL);
        assertThat(TrendPoint.of(1, action(verify(null))).verifies().verdict()).isEqualTo(Verdict.HASHED);
        assertThat(TrendPoint.of(1, action(transfer(1000, MIB))).verifies().verdict()).isEqualTo(Verdict.NONE);
        assertThat(TrendPoint.of(1, action(verify(2L), verify(5L))).verifies().differences()).isEqualTo(7);
    }

    @Test
    void shouldSkipBuildsWithoutZfsStepsAndListTheRestOldestFirst() {
        TrendFixtures.Build newest = history(Arrays.asList(
                action(transfer(1000, MIB)),
                null,                                     // a build that ran no zfs step
                action(prune(2, 5), verify(1L)),
                null));

        ZfsReplicationTrend trend = ZfsReplicationTrend.collect(newest, BUILDS, ZfsReplicationTrend.MAX_BUILDS);

        assertThat(trend.getPoints()).extracting(TrendPoint::build).containsExactly(1, 3);
        assertThat(trend.getPoints()).extracting(p -> p.verifies().verdict())
                .containsExactly(Verdict.NONE, Verdict.MISMATCH);
        assertThat(trend.isEmpty()).isFalse();
    }

    @Test
    void shouldReadNoMoreThanTheLimitOfBuilds() {
        List<ZfsReplicationAction> actions = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            actions.add(i % 10 == 0 ? null : action(transfer(1000, i)));
        }
        List<Integer> asked = new ArrayList<>();
        ZfsReplicationTrend.Builds<TrendFixtures.Build> counting = new ZfsReplicationTrend.Builds<>() {
            @Override
            public TrendFixtures.Build previous(TrendFixtures.Build build) {
                return build.previous();
            }

            @Override
            public int number(TrendFixtures.Build build) {
                return build.number();
            }

            @Override
            public ZfsReplicationAction action(TrendFixtures.Build build) {
                asked.add(build.number());
                return build.action();
            }
        };

        ZfsReplicationTrend trend = ZfsReplicationTrend.collect(history(actions), counting, 30);

        assertThat(asked).hasSize(30).startsWith(40).endsWith(11);
        // builds 11..40 without 20, 30 and 40, which ran no zfs step
        assertThat(trend.getPoints()).hasSize(27).extracting(TrendPoint::build).startsWith(11, 12).endsWith(38, 39)
                .doesNotContain(20, 30, 40);
        assertThat(trend.getPoints()).extracting(p -> p.transfers().bytesSent()).startsWith(11L, 12L);
    }

    @Test
    void shouldBeEmptyForAJobWithoutBuildsOrZfsSteps() {
        assertThat(ZfsReplicationTrend.collect(null, BUILDS, 30).isEmpty()).isTrue();
        assertThat(ZfsReplicationTrend.collect(history(Arrays.asList(null, null)), BUILDS, 30).getPoints()).isEmpty();
    }

    @Test
    void shouldWriteOneArrayPerSeriesForTheChartScript() throws Exception {
        ZfsReplicationTrend trend = ZfsReplicationTrend.collect(history(Arrays.asList(
                action(transfer(2000, 3 * MIB, MIB), prune(3, 9), verify(0L)),
                null,
                action(transfer(3000, 2 * MIB), verify(4L), coverage(0.5, 3600), coverage(0.9876, 7 * 86_400)),
                action(prune(1, 10)))), BUILDS, 30);

        Map<?, ?> model = new ObjectMapper().readValue(trend.toJson(), Map.class);

        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(model.get("format")).isEqualTo(1);
        soft.assertThat(model.get("builds")).isEqualTo(List.of(1, 3, 4));
        soft.assertThat(model.get("bytesSent")).isEqualTo(List.of(4194304, 2097152, 0));
        soft.assertThat(model.get("throughput")).isEqualTo(List.of(2097152, 699051, 0)); // 2 MiB / 3 s = 699050.67
        soft.assertThat(model.get("snapshotsPruned")).isEqualTo(List.of(3, 0, 1));
        soft.assertThat(model.get("snapshotsKept")).isEqualTo(List.of(9, 0, 10));
        soft.assertThat(model.get("verdicts")).isEqualTo(List.of("IDENTICAL", "MISMATCH", "NONE"));
        soft.assertThat(model.get("differences")).isEqualTo(List.of(0, 4, 0));
        soft.assertThat(model.get("datasets")).isEqualTo(List.of(2, 1, 0));
        soft.assertThat(model.get("stepsSkipped")).isEqualTo(List.of(0, 0, 0));
        soft.assertThat(model.get("stepsFailed")).isEqualTo(List.of(0, 0, 0));
        // the build's last zfsCoverage, in per cent with one decimal; none: null, a gap in the line
        soft.assertThat(model.get("coverage")).isEqualTo(java.util.Arrays.asList(null, 98.8, null));
        soft.assertThat(model.get("coverageAge")).isEqualTo(java.util.Arrays.asList(null, 604_800, null));
        soft.assertThat(model.keySet()).hasSize(13);
        soft.assertAll();
    }

    @Test
    void shouldRejectPointsThatCannotBeDrawn() {
        assertThatThrownBy(() -> point(0)).hasMessageContaining("build number 0 is not positive");
        assertThatThrownBy(() -> new TrendPoint.Transfers(-1, 0, 0, 0, 0))
                .hasMessageContaining("negative count in transfers: -1 bytes");
        assertThatThrownBy(() -> new TrendPoint.Prunes(0, -2)).hasMessageContaining("negative count in prunes");
        assertThatThrownBy(() -> new TrendPoint.Verifies(null, 0)).hasMessageContaining("use NONE");
        assertThatThrownBy(() -> new TrendPoint(2, null, NO_PRUNES, TrendPoint.Verifies.NONE,
                TrendPoint.Coverage.NONE)).hasMessageContaining("build 2 misses a part");
        TrendPoint five = point(5);
        TrendPoint four = point(4);
        assertThatThrownBy(() -> new ZfsReplicationTrend(List.of(five, four)))
                .hasMessageContaining("build 4 follows build 5");
        assertThatThrownBy(() -> ZfsReplicationTrend.collect(null, BUILDS, 0)).hasMessageContaining("not 0");
    }

    private static final TrendPoint.Prunes NO_PRUNES = new TrendPoint.Prunes(0, 0);

    /** The point of a build that ran no step. */
    private static TrendPoint point(int build) {
        return new TrendPoint(build, new TrendPoint.Transfers(0, 0, 0, 0, 0), NO_PRUNES, TrendPoint.Verifies.NONE,
                TrendPoint.Coverage.NONE);
    }
}
