package io.jenkins.plugins.zfsreplication.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The stand-ins must say what the real Jenkins classes say, never more: stand-in-facts.txt lists,
 * per class, its modifiers, the supertypes, members and serialVersionUID a stand-in may declare, all
 * read from the sources of the versions the root build resolves (the file names them). Offline the
 * classes on the classpath are the stand-ins, and each must declare exactly what is listed (an
 * invented member, constructor, supertype, a missing final/default/throws or a wrong
 * serialVersionUID fails). In the root build they are the real classes, and each listed fact must
 * hold there, so a fact misread from the sources fails that build.
 */
class StandInFactsTest {
    private static final String FACTS = "stand-in-facts.txt";
    private static final List<String> STAND_IN_MODULES = List.of("offline/jenkins-api", "offline/test-harness-api");

    private static Map<String, ClassFacts> facts;
    private static ClassLoader loader;
    private static Path repository;

    /** What the facts file says of one class. */
    private static final class ClassFacts {
        String type;
        String supertypes = "";
        String serialVersionUid;
        final Set<String> members = new TreeSet<>();
        final Set<String> constants = new TreeSet<>();
    }

    @BeforeAll
    static void readFacts() throws IOException {
        repository = Path.of(Objects.requireNonNull(System.getProperty("zfsr.repo.root"), "system property zfsr.repo.root"));
        facts = new LinkedHashMap<>();
        try (InputStream in = StandInFactsTest.class.getResourceAsStream(FACTS)) {
            assertThat(in).as(FACTS).isNotNull();
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int space = line.indexOf(' ');
                int bar = line.indexOf(" | ");
                assertThat(space).as("fact line '%s'", line).isPositive().isLessThan(bar);
                String kind = line.substring(0, space);
                String type = line.substring(space + 1, bar);
                String value = line.substring(bar + 3);
                ClassFacts of = facts.computeIfAbsent(type, name -> new ClassFacts());
                switch (kind) {
                    case "type" -> of.type = value;
                    case "supertypes" -> of.supertypes = value;
                    case "serialVersionUID" -> of.serialVersionUid = value;
                    case "member" -> of.members.add(value);
                    case "constants" -> of.constants.addAll(Arrays.asList(value.split(", ")));
                    default -> throw new IllegalStateException("unknown kind of fact in '" + line + "'");
                }
            }
        }
        loader = classLoader();
    }

    /**
     * The test classpath, plus (offline) the harness stand-ins, which surefire keeps off it so that
     * no test runs against them.
     */
    private static ClassLoader classLoader() throws MalformedURLException {
        List<URL> extra = new ArrayList<>();
        Path harness = repository.resolve("offline/test-harness-api/target/classes");
        if (Files.isDirectory(harness)) {
            extra.add(harness.toUri().toURL());
        }
        return new URLClassLoader(extra.toArray(URL[]::new), StandInFactsTest.class.getClassLoader());
    }

    @Test
    void shouldListEveryStandInClass() throws IOException {
        Set<String> standIns = new TreeSet<>();
        for (String module : STAND_IN_MODULES) {
            Path sources = repository.resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(sources)) {
                continue; // the root build of a checkout without offline/
            }
            try (Stream<Path> files = Files.walk(sources)) {
                files.filter(file -> file.toString().endsWith(".java"))
                        .map(file -> sources.relativize(file).toString())
                        .map(name -> name.substring(0, name.length() - ".java".length()).replace('/', '.'))
                        .filter(name -> !name.startsWith("org.htmlunit."))
                        .forEach(standIns::add);
            }
        }
        Set<String> listedTopLevel = facts.keySet().stream().map(name -> name.replaceAll("\\$.*", "")).collect(Collectors.toCollection(TreeSet::new));
        assertThat(listedTopLevel).as("classes in %s", FACTS).containsAll(standIns);
    }

    @Test
    void shouldDeclareWhatTheRealClassesDeclare() throws ClassNotFoundException {
        SoftAssertions softly = new SoftAssertions();
        int standIns = 0;
        for (Map.Entry<String, ClassFacts> entry : facts.entrySet()) {
            Class<?> type = Class.forName(entry.getKey(), false, loader);
            ClassFacts expected = entry.getValue();
            boolean standIn = isStandIn(type);
            standIns += standIn ? 1 : 0;
            String name = type.getName() + (standIn ? " (stand-in)" : "");

            softly.assertThat(typeLine(type)).as("modifiers and kind of %s", name).isEqualTo(expected.type);
            softly.assertThat(serialVersionUid(type)).as("serialVersionUID of %s", name).isEqualTo(expected.serialVersionUid);

            Set<String> declaredSupertypes = supertypes(type);
            Set<String> listedSupertypes = split(expected.supertypes);
            softly.assertThat(declaredSupertypes).as("direct supertypes of %s", name).containsAll(listedSupertypes);

            Set<String> declaredMembers = members(type);
            softly.assertThat(declaredMembers).as("declared members of %s", name).containsAll(expected.members);

            Set<String> declaredConstants = constants(type);
            softly.assertThat(declaredConstants).as("enum constants of %s", name).containsAll(expected.constants);

            if (standIn) {
                // a stand-in may omit, never add
                softly.assertThat(declaredSupertypes).as("direct supertypes of %s", name).isEqualTo(listedSupertypes);
                softly.assertThat(declaredMembers).as("declared members of %s", name).isEqualTo(expected.members);
                softly.assertThat(declaredConstants).as("enum constants of %s", name).isEqualTo(expected.constants);
            }
        }
        softly.assertAll();
        if (Files.isDirectory(repository.resolve("offline/jenkins-api"))) {
            // offline every listed class is a stand-in; guards against a classpath that silently holds the real ones
            assertThat(standIns).as("stand-in classes found").isEqualTo(facts.size());
        }
    }

    private static boolean isStandIn(Class<?> type) {
        URL location = type.getProtectionDomain().getCodeSource() == null ? null : type.getProtectionDomain().getCodeSource().getLocation();
        String path = location == null ? "" : location.getPath();
        return path.contains("/offline/jenkins-api/") || path.contains("/offline/test-harness-api/")
                || path.contains("/jenkins-api-stand-ins/") || path.contains("/test-harness-api-stand-ins/");
    }

    private static String typeLine(Class<?> type) {
        int modifiers = type.getModifiers() & ~Modifier.INTERFACE;
        if (type.isInterface()) {
            modifiers &= ~Modifier.ABSTRACT;
        }
        String kind = type.isAnnotation() ? "@interface" : type.isInterface() ? "interface" : type.isEnum() ? "enum" : "class";
        return (Modifier.toString(modifiers) + " " + kind).trim();
    }

    private static String serialVersionUid(Class<?> type) {
        try {
            Field field = type.getDeclaredField("serialVersionUID");
            field.setAccessible(true);
            return Long.toString(field.getLong(null));
        } catch (NoSuchFieldException e) {
            return Serializable.class.isAssignableFrom(type) && !type.isInterface() && !type.isEnum() ? "none" : null;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Set<String> supertypes(Class<?> type) {
        Set<String> names = new TreeSet<>();
        Type superclass = type.getGenericSuperclass();
        if (superclass != null && type.getSuperclass() != Object.class && !type.isEnum()) {
            names.add(superclass.getTypeName());
        }
        for (Type implemented : type.getGenericInterfaces()) {
            names.add(implemented.getTypeName());
        }
        return names;
    }

    private static Set<String> members(Class<?> type) {
        Set<String> members = new TreeSet<>();
        if (!type.isEnum()) {
            for (Constructor<?> constructor : type.getDeclaredConstructors()) {
                if (!constructor.isSynthetic()) {
                    members.add(constructor.toGenericString());
                }
            }
        }
        for (Method method : type.getDeclaredMethods()) {
            boolean enumHelper = type.isEnum() && (method.getName().equals("values") || method.getName().equals("valueOf"));
            if (!method.isSynthetic() && !method.isBridge() && !enumHelper) {
                members.add(method.toGenericString() + (method.getDefaultValue() != null ? " default" : ""));
            }
        }
        for (Field field : type.getDeclaredFields()) {
            if (!field.isSynthetic() && !field.isEnumConstant() && !field.getName().equals("serialVersionUID")) {
                members.add(field.toGenericString());
            }
        }
        return members;
    }

    private static Set<String> constants(Class<?> type) {
        if (!type.isEnum()) {
            return Set.of();
        }
        return Arrays.stream(type.getEnumConstants()).map(Object::toString).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> split(String list) {
        return list.isEmpty() ? Set.of() : new TreeSet<>(Arrays.asList(list.split("; ")));
    }
}
