/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment TaskFields on Task {\n    id\n    title\n    description\n    dueAt\n    priority\n    status\n    reminder\n    nextReminderAt\n    remindBefore\n    createdAt\n    updatedAt\n    completedAt\n  }\n": typeof types.TaskFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      id\n      timeZone\n    }\n  }\n": typeof types.MeDocument,
    "\n  query Task($id: ID!) {\n    task(id: $id) {\n      ...TaskFields\n      reminderSchedule {\n        offset\n        offsetMinutes\n        fireAt\n        state\n      }\n    }\n  }\n": typeof types.TaskDocument,
    "\n  query Tasks($filter: TaskFilter, $orderBy: TaskOrder, $first: Int, $after: String) {\n    tasks(filter: $filter, orderBy: $orderBy, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...TaskFields\n        }\n      }\n    }\n  }\n": typeof types.TasksDocument,
    "\n  query TasksWithReminders($first: Int) {\n    tasks(first: $first) {\n      edges {\n        node {\n          id\n          title\n          reminder\n          nextReminderAt\n          reminderSchedule {\n            offsetMinutes\n            fireAt\n            state\n          }\n        }\n      }\n    }\n  }\n": typeof types.TasksWithRemindersDocument,
    "\n  query TasksWithPeople($first: Int) {\n    tasks(first: $first) {\n      edges {\n        node {\n          id\n          nextReminderAt\n          labels\n          list {\n            id\n            name\n            role\n            memberCount\n            openCount\n          }\n          assignee {\n            id\n            displayName\n          }\n          createdBy {\n            id\n            displayName\n          }\n        }\n      }\n    }\n  }\n": typeof types.TasksWithPeopleDocument,
    "\n  query ListTasks($id: ID!, $first: Int, $after: String, $filter: ListTaskFilter) {\n    list(id: $id) {\n      name\n      tasks(first: $first, after: $after, filter: $filter) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          node {\n            id\n            title\n            nextReminderAt\n            labels\n            list {\n              id\n              name\n            }\n            assignee {\n              id\n              displayName\n            }\n            createdBy {\n              id\n              displayName\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.ListTasksDocument,
    "\n  query TasksWithNextReminder($first: Int) {\n    tasks(first: $first) {\n      edges {\n        node {\n          id\n          nextReminderAt\n        }\n      }\n    }\n  }\n": typeof types.TasksWithNextReminderDocument,
    "\n  query Today($timeZone: String, $first: Int, $after: String) {\n    today(timeZone: $timeZone, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          title\n          dueAt\n        }\n      }\n    }\n  }\n": typeof types.TodayDocument,
    "\n  mutation CreateTask($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      ...TaskFields\n    }\n  }\n": typeof types.CreateTaskDocument,
    "\n  mutation UpdateTask($input: UpdateTaskInput!) {\n    updateTask(input: $input) {\n      ...TaskFields\n    }\n  }\n": typeof types.UpdateTaskDocument,
    "\n  mutation CompleteTask($id: ID!) {\n    completeTask(id: $id) {\n      ...TaskFields\n    }\n  }\n": typeof types.CompleteTaskDocument,
    "\n  mutation ReopenTask($id: ID!) {\n    reopenTask(id: $id) {\n      ...TaskFields\n    }\n  }\n": typeof types.ReopenTaskDocument,
    "\n  mutation DeleteTask($id: ID!) {\n    deleteTask(id: $id) {\n      ...TaskFields\n    }\n  }\n": typeof types.DeleteTaskDocument,
    "\n  mutation SetTimeZone($timeZone: String!) {\n    setTimeZone(timeZone: $timeZone) {\n      id\n      timeZone\n    }\n  }\n": typeof types.SetTimeZoneDocument,
    "\n  subscription TaskChanged($after: ID) {\n    taskChanged(after: $after) {\n      id\n      type\n      occurredAt\n      task {\n        ...TaskFields\n      }\n    }\n  }\n": typeof types.TaskChangedDocument,
    "\n  subscription ReminderDue($after: ID) {\n    reminderDue(after: $after) {\n      id\n      occurredAt\n      offset\n      plannedAt\n      firedAt\n      lateSeconds\n      late\n      task {\n        ...TaskFields\n      }\n    }\n  }\n": typeof types.ReminderDueDocument,
    "\n  mutation UpdateMe($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      timeZone\n      language\n    }\n  }\n": typeof types.UpdateMeDocument,
    "\n  query MeWithLanguage {\n    me {\n      id\n      timeZone\n      language\n    }\n  }\n": typeof types.MeWithLanguageDocument,
    "\n  mutation CaptureInLanguage($input: CaptureTaskInput!) {\n    captureTask(input: $input) {\n      title\n      date\n      time\n      recurrence\n      recurrenceText\n      remindBefore\n      language\n    }\n  }\n": typeof types.CaptureInLanguageDocument,
    "\n  mutation CaptureTask($input: CaptureTaskInput!) {\n    captureTask(input: $input) {\n      title\n      description\n      date\n      time\n      dueAt\n      reminder\n      remindBefore\n      source\n      transcript\n      extractedText\n      confidence\n    }\n  }\n": typeof types.CaptureTaskDocument,
    "\n  mutation CaptureMarks($input: CaptureTaskInput!) {\n    captureTask(input: $input) {\n      title\n      dueAt\n      listId\n      list {\n        id\n        name\n      }\n      labels\n      priority\n    }\n  }\n": typeof types.CaptureMarksDocument,
    "\n  subscription TaskChangedWithSchedule {\n    taskChanged {\n      type\n      task {\n        id\n        reminder\n        nextReminderAt\n        reminderSchedule {\n          state\n          fireAt\n        }\n      }\n    }\n  }\n": typeof types.TaskChangedWithScheduleDocument,
    "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    events\n    description\n    enabled\n    disabledReason\n    disabledAt\n    createdAt\n    updatedAt\n  }\n": typeof types.WebhookEndpointFieldsFragmentDoc,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.WebhookEndpointsDocument,
    "\n  query WebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.WebhookEndpointDocument,
    "\n  query WebhookDeliveries($endpointId: ID!, $limit: Int) {\n    webhookDeliveries(endpointId: $endpointId, limit: $limit) {\n      deliveryId\n      eventId\n      type\n      attempt\n      attemptedAt\n      statusCode\n      latencyMs\n      error\n      responseBody\n      nextAttemptAt\n      deliveryState\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n  }\n": typeof types.CreateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.UpdateWebhookEndpointDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      secret\n      endpoint {\n        id\n        updatedAt\n      }\n    }\n  }\n": typeof types.RotateWebhookSecretDocument,
    "\n  mutation SendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      deliveryId\n      eventId\n    }\n  }\n": typeof types.SendTestWebhookDocument,
    "\n  mutation RetryWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {\n    retryWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {\n      deliveryId\n      eventId\n    }\n  }\n": typeof types.RetryWebhookDeliveryDocument,
    "\n  query ExportAccount {\n    exportAccount\n  }\n": typeof types.ExportAccountDocument,
    "\n  mutation ImportAccount($input: ImportAccountInput!) {\n    importAccount(input: $input) {\n      created\n      skipped\n      timeZone {\n        document\n        account\n        applied\n      }\n      lists {\n        created\n        existing\n      }\n      converted {\n        notes\n        sections\n        datePhrases\n      }\n      dropped {\n        notes\n        sections\n        dates\n        duration\n        deadline\n        responsible\n        author\n        indent\n        completions\n        members\n        assignees\n        webhookEndpoints\n        pushSubscriptions\n        calendarFeed\n      }\n      rows {\n        row\n        problem\n      }\n      rowsNotListed\n    }\n  }\n": typeof types.ImportAccountDocument,
    "\n  query Sessions {\n    sessions {\n      id\n      createdAt\n      lastUsedAt\n      userAgent\n      current\n    }\n  }\n": typeof types.SessionsDocument,
    "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n": typeof types.RevokeSessionDocument,
};
const documents: Documents = {
    "\n  fragment TaskFields on Task {\n    id\n    title\n    description\n    dueAt\n    priority\n    status\n    reminder\n    nextReminderAt\n    remindBefore\n    createdAt\n    updatedAt\n    completedAt\n  }\n": types.TaskFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      id\n      timeZone\n    }\n  }\n": types.MeDocument,
    "\n  query Task($id: ID!) {\n    task(id: $id) {\n      ...TaskFields\n      reminderSchedule {\n        offset\n        offsetMinutes\n        fireAt\n        state\n      }\n    }\n  }\n": types.TaskDocument,
    "\n  query Tasks($filter: TaskFilter, $orderBy: TaskOrder, $first: Int, $after: String) {\n    tasks(filter: $filter, orderBy: $orderBy, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...TaskFields\n        }\n      }\n    }\n  }\n": types.TasksDocument,
    "\n  query TasksWithReminders($first: Int) {\n    tasks(first: $first) {\n      edges {\n        node {\n          id\n          title\n          reminder\n          nextReminderAt\n          reminderSchedule {\n            offsetMinutes\n            fireAt\n            state\n          }\n        }\n      }\n    }\n  }\n": types.TasksWithRemindersDocument,
    "\n  query TasksWithPeople($first: Int) {\n    tasks(first: $first) {\n      edges {\n        node {\n          id\n          nextReminderAt\n          labels\n          list {\n            id\n            name\n            role\n            memberCount\n            openCount\n          }\n          assignee {\n            id\n            displayName\n          }\n          createdBy {\n            id\n            displayName\n          }\n        }\n      }\n    }\n  }\n": types.TasksWithPeopleDocument,
    "\n  query ListTasks($id: ID!, $first: Int, $after: String, $filter: ListTaskFilter) {\n    list(id: $id) {\n      name\n      tasks(first: $first, after: $after, filter: $filter) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          node {\n            id\n            title\n            nextReminderAt\n            labels\n            list {\n              id\n              name\n            }\n            assignee {\n              id\n              displayName\n            }\n            createdBy {\n              id\n              displayName\n            }\n          }\n        }\n      }\n    }\n  }\n": types.ListTasksDocument,
    "\n  query TasksWithNextReminder($first: Int) {\n    tasks(first: $first) {\n      edges {\n        node {\n          id\n          nextReminderAt\n        }\n      }\n    }\n  }\n": types.TasksWithNextReminderDocument,
    "\n  query Today($timeZone: String, $first: Int, $after: String) {\n    today(timeZone: $timeZone, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          title\n          dueAt\n        }\n      }\n    }\n  }\n": types.TodayDocument,
    "\n  mutation CreateTask($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      ...TaskFields\n    }\n  }\n": types.CreateTaskDocument,
    "\n  mutation UpdateTask($input: UpdateTaskInput!) {\n    updateTask(input: $input) {\n      ...TaskFields\n    }\n  }\n": types.UpdateTaskDocument,
    "\n  mutation CompleteTask($id: ID!) {\n    completeTask(id: $id) {\n      ...TaskFields\n    }\n  }\n": types.CompleteTaskDocument,
    "\n  mutation ReopenTask($id: ID!) {\n    reopenTask(id: $id) {\n      ...TaskFields\n    }\n  }\n": types.ReopenTaskDocument,
    "\n  mutation DeleteTask($id: ID!) {\n    deleteTask(id: $id) {\n      ...TaskFields\n    }\n  }\n": types.DeleteTaskDocument,
    "\n  mutation SetTimeZone($timeZone: String!) {\n    setTimeZone(timeZone: $timeZone) {\n      id\n      timeZone\n    }\n  }\n": types.SetTimeZoneDocument,
    "\n  subscription TaskChanged($after: ID) {\n    taskChanged(after: $after) {\n      id\n      type\n      occurredAt\n      task {\n        ...TaskFields\n      }\n    }\n  }\n": types.TaskChangedDocument,
    "\n  subscription ReminderDue($after: ID) {\n    reminderDue(after: $after) {\n      id\n      occurredAt\n      offset\n      plannedAt\n      firedAt\n      lateSeconds\n      late\n      task {\n        ...TaskFields\n      }\n    }\n  }\n": types.ReminderDueDocument,
    "\n  mutation UpdateMe($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      timeZone\n      language\n    }\n  }\n": types.UpdateMeDocument,
    "\n  query MeWithLanguage {\n    me {\n      id\n      timeZone\n      language\n    }\n  }\n": types.MeWithLanguageDocument,
    "\n  mutation CaptureInLanguage($input: CaptureTaskInput!) {\n    captureTask(input: $input) {\n      title\n      date\n      time\n      recurrence\n      recurrenceText\n      remindBefore\n      language\n    }\n  }\n": types.CaptureInLanguageDocument,
    "\n  mutation CaptureTask($input: CaptureTaskInput!) {\n    captureTask(input: $input) {\n      title\n      description\n      date\n      time\n      dueAt\n      reminder\n      remindBefore\n      source\n      transcript\n      extractedText\n      confidence\n    }\n  }\n": types.CaptureTaskDocument,
    "\n  mutation CaptureMarks($input: CaptureTaskInput!) {\n    captureTask(input: $input) {\n      title\n      dueAt\n      listId\n      list {\n        id\n        name\n      }\n      labels\n      priority\n    }\n  }\n": types.CaptureMarksDocument,
    "\n  subscription TaskChangedWithSchedule {\n    taskChanged {\n      type\n      task {\n        id\n        reminder\n        nextReminderAt\n        reminderSchedule {\n          state\n          fireAt\n        }\n      }\n    }\n  }\n": types.TaskChangedWithScheduleDocument,
    "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    events\n    description\n    enabled\n    disabledReason\n    disabledAt\n    createdAt\n    updatedAt\n  }\n": types.WebhookEndpointFieldsFragmentDoc,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n": types.WebhookEndpointsDocument,
    "\n  query WebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n": types.WebhookEndpointDocument,
    "\n  query WebhookDeliveries($endpointId: ID!, $limit: Int) {\n    webhookDeliveries(endpointId: $endpointId, limit: $limit) {\n      deliveryId\n      eventId\n      type\n      attempt\n      attemptedAt\n      statusCode\n      latencyMs\n      error\n      responseBody\n      nextAttemptAt\n      deliveryState\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n  }\n": types.CreateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n": types.UpdateWebhookEndpointDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      secret\n      endpoint {\n        id\n        updatedAt\n      }\n    }\n  }\n": types.RotateWebhookSecretDocument,
    "\n  mutation SendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      deliveryId\n      eventId\n    }\n  }\n": types.SendTestWebhookDocument,
    "\n  mutation RetryWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {\n    retryWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {\n      deliveryId\n      eventId\n    }\n  }\n": types.RetryWebhookDeliveryDocument,
    "\n  query ExportAccount {\n    exportAccount\n  }\n": types.ExportAccountDocument,
    "\n  mutation ImportAccount($input: ImportAccountInput!) {\n    importAccount(input: $input) {\n      created\n      skipped\n      timeZone {\n        document\n        account\n        applied\n      }\n      lists {\n        created\n        existing\n      }\n      converted {\n        notes\n        sections\n        datePhrases\n      }\n      dropped {\n        notes\n        sections\n        dates\n        duration\n        deadline\n        responsible\n        author\n        indent\n        completions\n        members\n        assignees\n        webhookEndpoints\n        pushSubscriptions\n        calendarFeed\n      }\n      rows {\n        row\n        problem\n      }\n      rowsNotListed\n    }\n  }\n": types.ImportAccountDocument,
    "\n  query Sessions {\n    sessions {\n      id\n      createdAt\n      lastUsedAt\n      userAgent\n      current\n    }\n  }\n": types.SessionsDocument,
    "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n": types.RevokeSessionDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaskFields on Task {\n    id\n    title\n    description\n    dueAt\n    priority\n    status\n    reminder\n    nextReminderAt\n    remindBefore\n    createdAt\n    updatedAt\n    completedAt\n  }\n"): (typeof documents)["\n  fragment TaskFields on Task {\n    id\n    title\n    description\n    dueAt\n    priority\n    status\n    reminder\n    nextReminderAt\n    remindBefore\n    createdAt\n    updatedAt\n    completedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      id\n      timeZone\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      id\n      timeZone\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Task($id: ID!) {\n    task(id: $id) {\n      ...TaskFields\n      reminderSchedule {\n        offset\n        offsetMinutes\n        fireAt\n        state\n      }\n    }\n  }\n"): (typeof documents)["\n  query Task($id: ID!) {\n    task(id: $id) {\n      ...TaskFields\n      reminderSchedule {\n        offset\n        offsetMinutes\n        fireAt\n        state\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Tasks($filter: TaskFilter, $orderBy: TaskOrder, $first: Int, $after: String) {\n    tasks(filter: $filter, orderBy: $orderBy, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...TaskFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Tasks($filter: TaskFilter, $orderBy: TaskOrder, $first: Int, $after: String) {\n    tasks(filter: $filter, orderBy: $orderBy, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...TaskFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TasksWithReminders($first: Int) {\n    tasks(first: $first) {\n      edges {\n        node {\n          id\n          title\n          reminder\n          nextReminderAt\n          reminderSchedule {\n            offsetMinutes\n            fireAt\n            state\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TasksWithReminders($first: Int) {\n    tasks(first: $first) {\n      edges {\n        node {\n          id\n          title\n          reminder\n          nextReminderAt\n          reminderSchedule {\n            offsetMinutes\n            fireAt\n            state\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TasksWithPeople($first: Int) {\n    tasks(first: $first) {\n      edges {\n        node {\n          id\n          nextReminderAt\n          labels\n          list {\n            id\n            name\n            role\n            memberCount\n            openCount\n          }\n          assignee {\n            id\n            displayName\n          }\n          createdBy {\n            id\n            displayName\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TasksWithPeople($first: Int) {\n    tasks(first: $first) {\n      edges {\n        node {\n          id\n          nextReminderAt\n          labels\n          list {\n            id\n            name\n            role\n            memberCount\n            openCount\n          }\n          assignee {\n            id\n            displayName\n          }\n          createdBy {\n            id\n            displayName\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListTasks($id: ID!, $first: Int, $after: String, $filter: ListTaskFilter) {\n    list(id: $id) {\n      name\n      tasks(first: $first, after: $after, filter: $filter) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          node {\n            id\n            title\n            nextReminderAt\n            labels\n            list {\n              id\n              name\n            }\n            assignee {\n              id\n              displayName\n            }\n            createdBy {\n              id\n              displayName\n            }\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ListTasks($id: ID!, $first: Int, $after: String, $filter: ListTaskFilter) {\n    list(id: $id) {\n      name\n      tasks(first: $first, after: $after, filter: $filter) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          node {\n            id\n            title\n            nextReminderAt\n            labels\n            list {\n              id\n              name\n            }\n            assignee {\n              id\n              displayName\n            }\n            createdBy {\n              id\n              displayName\n            }\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TasksWithNextReminder($first: Int) {\n    tasks(first: $first) {\n      edges {\n        node {\n          id\n          nextReminderAt\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TasksWithNextReminder($first: Int) {\n    tasks(first: $first) {\n      edges {\n        node {\n          id\n          nextReminderAt\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Today($timeZone: String, $first: Int, $after: String) {\n    today(timeZone: $timeZone, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          title\n          dueAt\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Today($timeZone: String, $first: Int, $after: String) {\n    today(timeZone: $timeZone, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          title\n          dueAt\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTask($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      ...TaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTask($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      ...TaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTask($input: UpdateTaskInput!) {\n    updateTask(input: $input) {\n      ...TaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTask($input: UpdateTaskInput!) {\n    updateTask(input: $input) {\n      ...TaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CompleteTask($id: ID!) {\n    completeTask(id: $id) {\n      ...TaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation CompleteTask($id: ID!) {\n    completeTask(id: $id) {\n      ...TaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReopenTask($id: ID!) {\n    reopenTask(id: $id) {\n      ...TaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReopenTask($id: ID!) {\n    reopenTask(id: $id) {\n      ...TaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTask($id: ID!) {\n    deleteTask(id: $id) {\n      ...TaskFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteTask($id: ID!) {\n    deleteTask(id: $id) {\n      ...TaskFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetTimeZone($timeZone: String!) {\n    setTimeZone(timeZone: $timeZone) {\n      id\n      timeZone\n    }\n  }\n"): (typeof documents)["\n  mutation SetTimeZone($timeZone: String!) {\n    setTimeZone(timeZone: $timeZone) {\n      id\n      timeZone\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TaskChanged($after: ID) {\n    taskChanged(after: $after) {\n      id\n      type\n      occurredAt\n      task {\n        ...TaskFields\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription TaskChanged($after: ID) {\n    taskChanged(after: $after) {\n      id\n      type\n      occurredAt\n      task {\n        ...TaskFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ReminderDue($after: ID) {\n    reminderDue(after: $after) {\n      id\n      occurredAt\n      offset\n      plannedAt\n      firedAt\n      lateSeconds\n      late\n      task {\n        ...TaskFields\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription ReminderDue($after: ID) {\n    reminderDue(after: $after) {\n      id\n      occurredAt\n      offset\n      plannedAt\n      firedAt\n      lateSeconds\n      late\n      task {\n        ...TaskFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMe($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      timeZone\n      language\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMe($input: UpdateMeInput!) {\n    updateMe(input: $input) {\n      id\n      timeZone\n      language\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MeWithLanguage {\n    me {\n      id\n      timeZone\n      language\n    }\n  }\n"): (typeof documents)["\n  query MeWithLanguage {\n    me {\n      id\n      timeZone\n      language\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CaptureInLanguage($input: CaptureTaskInput!) {\n    captureTask(input: $input) {\n      title\n      date\n      time\n      recurrence\n      recurrenceText\n      remindBefore\n      language\n    }\n  }\n"): (typeof documents)["\n  mutation CaptureInLanguage($input: CaptureTaskInput!) {\n    captureTask(input: $input) {\n      title\n      date\n      time\n      recurrence\n      recurrenceText\n      remindBefore\n      language\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CaptureTask($input: CaptureTaskInput!) {\n    captureTask(input: $input) {\n      title\n      description\n      date\n      time\n      dueAt\n      reminder\n      remindBefore\n      source\n      transcript\n      extractedText\n      confidence\n    }\n  }\n"): (typeof documents)["\n  mutation CaptureTask($input: CaptureTaskInput!) {\n    captureTask(input: $input) {\n      title\n      description\n      date\n      time\n      dueAt\n      reminder\n      remindBefore\n      source\n      transcript\n      extractedText\n      confidence\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CaptureMarks($input: CaptureTaskInput!) {\n    captureTask(input: $input) {\n      title\n      dueAt\n      listId\n      list {\n        id\n        name\n      }\n      labels\n      priority\n    }\n  }\n"): (typeof documents)["\n  mutation CaptureMarks($input: CaptureTaskInput!) {\n    captureTask(input: $input) {\n      title\n      dueAt\n      listId\n      list {\n        id\n        name\n      }\n      labels\n      priority\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TaskChangedWithSchedule {\n    taskChanged {\n      type\n      task {\n        id\n        reminder\n        nextReminderAt\n        reminderSchedule {\n          state\n          fireAt\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription TaskChangedWithSchedule {\n    taskChanged {\n      type\n      task {\n        id\n        reminder\n        nextReminderAt\n        reminderSchedule {\n          state\n          fireAt\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    events\n    description\n    enabled\n    disabledReason\n    disabledAt\n    createdAt\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    events\n    description\n    enabled\n    disabledReason\n    disabledAt\n    createdAt\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  query WebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($endpointId: ID!, $limit: Int) {\n    webhookDeliveries(endpointId: $endpointId, limit: $limit) {\n      deliveryId\n      eventId\n      type\n      attempt\n      attemptedAt\n      statusCode\n      latencyMs\n      error\n      responseBody\n      nextAttemptAt\n      deliveryState\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($endpointId: ID!, $limit: Int) {\n    webhookDeliveries(endpointId: $endpointId, limit: $limit) {\n      deliveryId\n      eventId\n      type\n      attempt\n      attemptedAt\n      statusCode\n      latencyMs\n      error\n      responseBody\n      nextAttemptAt\n      deliveryState\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        ...WebhookEndpointFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(input: $input) {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      secret\n      endpoint {\n        id\n        updatedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      secret\n      endpoint {\n        id\n        updatedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      deliveryId\n      eventId\n    }\n  }\n"): (typeof documents)["\n  mutation SendTestWebhook($id: ID!) {\n    sendTestWebhook(id: $id) {\n      deliveryId\n      eventId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {\n    retryWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {\n      deliveryId\n      eventId\n    }\n  }\n"): (typeof documents)["\n  mutation RetryWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {\n    retryWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {\n      deliveryId\n      eventId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExportAccount {\n    exportAccount\n  }\n"): (typeof documents)["\n  query ExportAccount {\n    exportAccount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportAccount($input: ImportAccountInput!) {\n    importAccount(input: $input) {\n      created\n      skipped\n      timeZone {\n        document\n        account\n        applied\n      }\n      lists {\n        created\n        existing\n      }\n      converted {\n        notes\n        sections\n        datePhrases\n      }\n      dropped {\n        notes\n        sections\n        dates\n        duration\n        deadline\n        responsible\n        author\n        indent\n        completions\n        members\n        assignees\n        webhookEndpoints\n        pushSubscriptions\n        calendarFeed\n      }\n      rows {\n        row\n        problem\n      }\n      rowsNotListed\n    }\n  }\n"): (typeof documents)["\n  mutation ImportAccount($input: ImportAccountInput!) {\n    importAccount(input: $input) {\n      created\n      skipped\n      timeZone {\n        document\n        account\n        applied\n      }\n      lists {\n        created\n        existing\n      }\n      converted {\n        notes\n        sections\n        datePhrases\n      }\n      dropped {\n        notes\n        sections\n        dates\n        duration\n        deadline\n        responsible\n        author\n        indent\n        completions\n        members\n        assignees\n        webhookEndpoints\n        pushSubscriptions\n        calendarFeed\n      }\n      rows {\n        row\n        problem\n      }\n      rowsNotListed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Sessions {\n    sessions {\n      id\n      createdAt\n      lastUsedAt\n      userAgent\n      current\n    }\n  }\n"): (typeof documents)["\n  query Sessions {\n    sessions {\n      id\n      createdAt\n      lastUsedAt\n      userAgent\n      current\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;