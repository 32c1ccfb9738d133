package io.jenkins.plugins.zfsreplication.steps.shared;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The order and the answers of the questions targetAgent asks before anything runs on that agent. */
class NodeAdmissionTest {

    @Test
    void shouldLetTheBuildInWhenNoQuestionRefuses() {
        List<String> asked = new ArrayList<>();
        assertThat(NodeAdmission.firstRefusal(List.of(
                new NodeAdmission.Asked("agent backup", () -> { asked.add("node"); return null; }),
                new NodeAdmission.Asked("Dispatcher", () -> { asked.add("dispatcher"); return null; }),
                new NodeAdmission.Asked("agent backup", () -> { asked.add("online"); return null; })))).isEmpty();
        assertThat(asked).containsExactly("node", "dispatcher", "online");
    }

    @Test
    void shouldAnswerWithTheFirstRefusalAndAskNoFurther() {
        List<String> asked = new ArrayList<>();
        assertThat(NodeAdmission.firstRefusal(List.of(
                new NodeAdmission.Asked("agent backup", () -> { asked.add("node"); return null; }),
                new NodeAdmission.Asked("Dispatcher", () -> { asked.add("dispatcher"); return "vetoed by policy"; }),
                new NodeAdmission.Asked("agent backup", () -> { asked.add("online"); return "it is offline"; }))))
                .contains("vetoed by policy");
        assertThat(asked).containsExactly("node", "dispatcher");
    }

    @Test
    void shouldRefuseWhenAQuestionFailsAsTheQueueDoes() {
        assertThat(NodeAdmission.firstRefusal(List.of(
                new NodeAdmission.Asked("org.example.Restrictions", () -> { throw new IllegalStateException("no job"); }),
                new NodeAdmission.Asked("agent backup", () -> null))))
                .contains("org.example.Restrictions failed while deciding (java.lang.IllegalStateException: no job)");
        assertThat(NodeAdmission.firstRefusal(List.of(
                new NodeAdmission.Asked("agent backup", () -> { throw new IOException("channel closed"); }))))
                .contains("agent backup failed while deciding (java.io.IOException: channel closed)");
    }

    @Test
    void shouldNameTheAskerOfARefusalWithoutAReason() {
        assertThat(NodeAdmission.firstRefusal(List.of(new NodeAdmission.Asked("org.example.Veto", () -> " "))))
                .contains("org.example.Veto refused without giving a reason");
    }

    @Test
    void shouldKeepTheInterruptAndRefuse() {
        try {
            assertThat(NodeAdmission.firstRefusal(List.of(
                    new NodeAdmission.Asked("agent backup", () -> { throw new InterruptedException(); }))))
                    .contains("agent backup was interrupted while deciding");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }
}
