package io.jenkins.plugins.zfsreplication.steps.views;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The job page's floatingBox.jelly names the action's Java members in expressions that only
 * Jenkins evaluates; a misspelt one renders as an empty string (an empty chart, not an error).
 * Every {@code ${...}} that starts at the action ({@code from}) or at the trend it sets is
 * resolved here against the real classes, the way JEXL does: {@code x.name} as getName() or
 * isName(), {@code x.name()} as the method. {@code it} (the job), rootURL and resURL are Jenkins'.
 */
class TrendJellyTest {
    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{!?([A-Za-z]+(?:\\.[A-Za-z]+(?:\\(\\))?)+)}");

    @Test
    void shouldNameOnlyMembersTheActionAndTheTrendHave() throws Exception {
        Path jelly = Path.of(System.getProperty("zfsr.repo.root"), "src/main/resources/io/jenkins/plugins/zfsreplication/steps/views/ZfsReplicationJobAction/floatingBox.jelly");
        Map<String, Class<?>> variables = Map.of("from", ZfsReplicationJobAction.class, "trend", ZfsReplicationTrend.class);

        List<String> checked = new ArrayList<>();
        List<String> unresolved = new ArrayList<>();
        Matcher matcher = EXPRESSION.matcher(Files.readString(jelly));
        while (matcher.find()) {
            String[] parts = matcher.group(1).split("\\.");
            Class<?> type = variables.get(parts[0]);
            if (type == null) {
                continue;
            }
            checked.add(matcher.group(1));
            for (String part : Arrays.copyOfRange(parts, 1, parts.length)) {
                Optional<Method> member = member(type, part);
                if (member.isEmpty()) {
                    unresolved.add(matcher.group(1) + ": " + type.getSimpleName() + " has no " + part);
                    break;
                }
                type = member.get().getReturnType();
            }
        }

        assertThat(unresolved).isEmpty();
        assertThat(checked).isEmpty(); // the page names only "from" itself: the model comes later, through the proxy
        assertThat(Files.readString(jelly)).contains("<st:bind value=\"${from}\" var=\"zfsReplicationTrendProxy\"/>",
                "data-proxy=\"zfsReplicationTrendProxy\"", "<st:adjunct includes=\"io.jenkins.plugins.echarts\"/>");
        assertThat(member(ZfsReplicationJobAction.class, "getTrendModel()")).isPresent();
        assertThat(member(ZfsReplicationTrend.class, "json")).as("the resolver can fail").isEmpty();
    }

    private static Optional<Method> member(Class<?> type, String part) {
        List<String> names = part.endsWith("()") ? List.of(part.substring(0, part.length() - 2))
                : List.of("get" + Character.toUpperCase(part.charAt(0)) + part.substring(1),
                        "is" + Character.toUpperCase(part.charAt(0)) + part.substring(1));
        return Arrays.stream(type.getMethods()).filter(m -> m.getParameterCount() == 0 && names.contains(m.getName()))
                .findFirst();
    }
}
