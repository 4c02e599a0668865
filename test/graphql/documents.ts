/**
 * Every operation the GraphQL tests send, typed by the client preset (`npm run codegen` writes
 * test/graphql/generated/ from these).
 */
import { graphql } from './generated/gql.js';

export const TaskFieldsFragment = graphql(`
  fragment TaskFields on Task {
    id
    title
    description
    dueAt
    priority
    status
    reminder
    nextReminderAt
    remindBefore
    createdAt
    updatedAt
    completedAt
  }
`);

export const MeQuery = graphql(`
  query Me {
    me {
      id
      timeZone
    }
  }
`);

export const TaskQuery = graphql(`
  query Task($id: ID!) {
    task(id: $id) {
      ...TaskFields
      reminderSchedule {
        offset
        offsetMinutes
        fireAt
        state
      }
    }
  }
`);

export const TasksQuery = graphql(`
  query Tasks($filter: TaskFilter, $orderBy: TaskOrder, $first: Int, $after: String) {
    tasks(filter: $filter, orderBy: $orderBy, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...TaskFields
        }
      }
    }
  }
`);

export const TasksWithRemindersQuery = graphql(`
  query TasksWithReminders($first: Int) {
    tasks(first: $first) {
      edges {
        node {
          id
          title
          reminder
          nextReminderAt
          reminderSchedule {
            offsetMinutes
            fireAt
            state
          }
        }
      }
    }
  }
`);

export const TasksWithPeopleQuery = graphql(`
  query TasksWithPeople($first: Int) {
    tasks(first: $first) {
      edges {
        node {
          id
          nextReminderAt
          labels
          list {
            id
            name
            role
            memberCount
            openCount
          }
          assignee {
            id
            displayName
          }
          createdBy {
            id
            displayName
          }
        }
      }
    }
  }
`);

export const ListTasksQuery = graphql(`
  query ListTasks($id: ID!, $first: Int, $after: String, $filter: ListTaskFilter) {
    list(id: $id) {
      name
      tasks(first: $first, after: $after, filter: $filter) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          node {
            id
            title
            nextReminderAt
            labels
            list {
              id
              name
            }
            assignee {
              id
              displayName
            }
            createdBy {
              id
              displayName
            }
          }
        }
      }
    }
  }
`);

export const TasksWithNextReminderQuery = graphql(`
  query TasksWithNextReminder($first: Int) {
    tasks(first: $first) {
      edges {
        node {
          id
          nextReminderAt
        }
      }
    }
  }
`);

export const TodayQuery = graphql(`
  query Today($timeZone: String, $first: Int, $after: String) {
    today(timeZone: $timeZone, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          title
          dueAt
        }
      }
    }
  }
`);

export const CreateTaskMutation = graphql(`
  mutation CreateTask($input: CreateTaskInput!) {
    createTask(input: $input) {
      ...TaskFields
    }
  }
`);

export const UpdateTaskMutation = graphql(`
  mutation UpdateTask($input: UpdateTaskInput!) {
    updateTask(input: $input) {
      ...TaskFields
    }
  }
`);

export const CompleteTaskMutation = graphql(`
  mutation CompleteTask($id: ID!) {
    completeTask(id: $id) {
      ...TaskFields
    }
  }
`);

export const ReopenTaskMutation = graphql(`
  mutation ReopenTask($id: ID!) {
    reopenTask(id: $id) {
      ...TaskFields
    }
  }
`);

export const DeleteTaskMutation = graphql(`
  mutation DeleteTask($id: ID!) {
    deleteTask(id: $id) {
      ...TaskFields
    }
  }
`);

export const SetTimeZoneMutation = graphql(`
  mutation SetTimeZone($timeZone: String!) {
    setTimeZone(timeZone: $timeZone) {
      id
      timeZone
    }
  }
`);

export const TaskChangedSubscription = graphql(`
  subscription TaskChanged($after: ID) {
    taskChanged(after: $after) {
      id
      type
      occurredAt
      task {
        ...TaskFields
      }
    }
  }
`);

export const ReminderDueSubscription = graphql(`
  subscription ReminderDue($after: ID) {
    reminderDue(after: $after) {
      id
      occurredAt
      offset
      plannedAt
      firedAt
      lateSeconds
      late
      task {
        ...TaskFields
      }
    }
  }
`);

export const UpdateMeMutation = graphql(`
  mutation UpdateMe($input: UpdateMeInput!) {
    updateMe(input: $input) {
      id
      timeZone
      language
    }
  }
`);

export const MeWithLanguageQuery = graphql(`
  query MeWithLanguage {
    me {
      id
      timeZone
      language
    }
  }
`);

export const CaptureInLanguageMutation = graphql(`
  mutation CaptureInLanguage($input: CaptureTaskInput!) {
    captureTask(input: $input) {
      title
      date
      time
      recurrence
      recurrenceText
      remindBefore
      language
    }
  }
`);

export const CaptureTaskMutation = graphql(`
  mutation CaptureTask($input: CaptureTaskInput!) {
    captureTask(input: $input) {
      title
      description
      date
      time
      dueAt
      reminder
      remindBefore
      source
      transcript
      extractedText
      confidence
    }
  }
`);

export const CaptureMarksMutation = graphql(`
  mutation CaptureMarks($input: CaptureTaskInput!) {
    captureTask(input: $input) {
      title
      dueAt
      listId
      list {
        id
        name
      }
      labels
      priority
    }
  }
`);

export const TaskChangedWithScheduleSubscription = graphql(`
  subscription TaskChangedWithSchedule {
    taskChanged {
      type
      task {
        id
        reminder
        nextReminderAt
        reminderSchedule {
          state
          fireAt
        }
      }
    }
  }
`);

export const WebhookEndpointFieldsFragment = graphql(`
  fragment WebhookEndpointFields on WebhookEndpoint {
    id
    url
    events
    description
    enabled
    disabledReason
    disabledAt
    createdAt
    updatedAt
  }
`);

export const WebhookEndpointsQuery = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      ...WebhookEndpointFields
    }
  }
`);

export const WebhookEndpointQuery = graphql(`
  query WebhookEndpoint($id: ID!) {
    webhookEndpoint(id: $id) {
      ...WebhookEndpointFields
    }
  }
`);

export const WebhookDeliveriesQuery = graphql(`
  query WebhookDeliveries($endpointId: ID!, $limit: Int) {
    webhookDeliveries(endpointId: $endpointId, limit: $limit) {
      deliveryId
      eventId
      type
      attempt
      attemptedAt
      statusCode
      latencyMs
      error
      responseBody
      nextAttemptAt
      deliveryState
    }
  }
`);

export const CreateWebhookEndpointMutation = graphql(`
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        ...WebhookEndpointFields
      }
    }
  }
`);

export const UpdateWebhookEndpointMutation = graphql(`
  mutation UpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(input: $input) {
      ...WebhookEndpointFields
    }
  }
`);

export const DeleteWebhookEndpointMutation = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id) {
      ...WebhookEndpointFields
    }
  }
`);

export const RotateWebhookSecretMutation = graphql(`
  mutation RotateWebhookSecret($id: ID!) {
    rotateWebhookSecret(id: $id) {
      secret
      endpoint {
        id
        updatedAt
      }
    }
  }
`);

export const SendTestWebhookMutation = graphql(`
  mutation SendTestWebhook($id: ID!) {
    sendTestWebhook(id: $id) {
      deliveryId
      eventId
    }
  }
`);

export const RetryWebhookDeliveryMutation = graphql(`
  mutation RetryWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {
    retryWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {
      deliveryId
      eventId
    }
  }
`);

export const ExportAccountQuery = graphql(`
  query ExportAccount {
    exportAccount
  }
`);

export const ImportAccountMutation = graphql(`
  mutation ImportAccount($input: ImportAccountInput!) {
    importAccount(input: $input) {
      created
      skipped
      timeZone {
        document
        account
        applied
      }
      lists {
        created
        existing
      }
      converted {
        notes
        sections
        datePhrases
      }
      dropped {
        notes
        sections
        dates
        duration
        deadline
        responsible
        author
        indent
        completions
        members
        assignees
        webhookEndpoints
        pushSubscriptions
        calendarFeed
      }
      rows {
        row
        problem
      }
      rowsNotListed
    }
  }
`);
