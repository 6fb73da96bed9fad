/** The notification centre, each notice's text and mail, the digest, preferences and the outbox. */
export default {
  "text.task_assigned": "You have been assigned the task “{{subject}}”, due {{dueDate}}.",
  "text.task_unassigned": "The task “{{subject}}” has been reassigned to {{by}}.",
  "text.task_due_date_changed":
    "The due date of “{{subject}}” has moved from {{previousDueDate}} to {{dueDate}}.",
  "text.task_completed": "The task “{{subject}}” has been marked completed.",
  "text.task_progress": "{{by}} reported progress on “{{subject}}”.",
  "text.task_super_overdue": "The task “{{subject}}”, due {{dueDate}}, is now super overdue.",
  "text.task_reply": "{{by}} replied on “{{subject}}”.",
  "text.extension_requested":
    "{{by}} asks to move the due date of “{{subject}}” from {{previousDueDate}} to {{dueDate}}: {{reason}}",
  "text.extension_approved":
    "Your extension for “{{subject}}” is approved: it is now due {{dueDate}}.",
  "text.extension_declined": "Your extension for “{{subject}}” is declined: {{reason}}",
  "text.digest": "Your day: {{dueToday}} due today, {{dueSoon}} due soon, {{overdue}} overdue.",
  "text.engagement_created":
    "You are in attendance at “{{subject}}” on {{date}} at {{time}}, {{venue}}.",
  "text.engagement_changed":
    "The engagement “{{subject}}” has changed: it is now on {{date}} at {{time}}, {{venue}}.",
  "text.engagement_postponed": "The engagement “{{subject}}” of {{date}} at {{time}} is postponed.",
  "text.engagement_cancelled":
    "The engagement “{{subject}}” of {{date}} at {{time}}, {{venue}}, is cancelled.",
  // An engagement_changed notice to someone taken off the participants.
  "text.engagement_removed":
    "You are no longer in attendance at “{{subject}}” on {{date}} at {{time}}.",
  "subject.task_assigned": "New task: {{subject}}",
  "subject.task_unassigned": "Task reassigned: {{subject}}",
  "subject.task_due_date_changed": "Due date changed: {{subject}}",
  "subject.task_completed": "Task completed: {{subject}}",
  "subject.task_progress": "Progress reported: {{subject}}",
  "subject.task_super_overdue": "Super overdue: {{subject}}",
  "subject.task_reply": "Reply on your task: {{subject}}",
  "subject.extension_requested": "Extension requested: {{subject}}",
  "subject.extension_approved": "Extension approved: {{subject}}",
  "subject.extension_declined": "Extension declined: {{subject}}",
  "subject.engagement_created": "New engagement: {{subject}}",
  "subject.engagement_changed": "Engagement changed: {{subject}}",
  "subject.engagement_postponed": "Engagement postponed: {{subject}}",
  "subject.engagement_cancelled": "Engagement cancelled: {{subject}}",
  "mail.openTask": "Open the task",
  "mail.openEngagementChart": "Open the engagement chart",
  "mail.calendarAttached":
    "The engagement is attached as a calendar file: open it to add it to your calendar or to update it there.",
  "mail.preferences":
    "You receive this e-mail because of your notification preferences. Change them here:",
  "digest.subject": "Daily digest for {{date}}",
  "digest.intro": "Here is what needs attention today.",
  "digest.dueToday": "Due today",
  "digest.dueSoon_one": "Due within {{count}} working day",
  "digest.dueSoon_other": "Due within {{count}} working days",
  "digest.overdue": "Overdue",
  "digest.dueOn": "{{subject}} (due {{dueDate}})",
  "digest.overdueBy_one": "{{subject}} (due {{dueDate}}, {{count}} working day overdue)",
  "digest.overdueBy_other": "{{subject}} (due {{dueDate}}, {{count}} working days overdue)",
  "digest.more_one": "and {{count}} more",
  "digest.more_other": "and {{count}} more",
  "digest.department": "Department summary",
  "digest.newlyOverdue": "Newly overdue: {{count}}",
  "digest.superOverdue": "Super overdue: {{count}}",
  "digest.completedSince": "Completed since {{date}}: {{count}}",
  "digest.longestOverdue": "Longest overdue",
  "digest.longestOverdueItem":
    "{{subject}}, {{assignee}} (due {{dueDate}}, {{count}} working days overdue)",
  "digest.openTasks": "Open the tasks",
  "escalation.subject_one": "{{count}} task is now super overdue",
  "escalation.subject_other": "{{count}} tasks are now super overdue",
  "escalation.intro_one":
    "These tasks are {{count}} or more working day past their due date and are now super overdue:",
  "escalation.intro_other":
    "These tasks are {{count}} or more working days past their due date and are now super overdue:",
  "escalation.item": "{{subject}}, {{assignee}} (due {{dueDate}})",
  notFound: "Notification not found",
  markedRead: "Notification marked as read",
  allMarkedRead: "All notifications marked as read",
  preferencesSaved: "Notification preferences saved",
  // The header's bell and its list.
  "bell.label_zero": "Notifications",
  "bell.label_one": "Notifications, {{count}} unread",
  "bell.label_other": "Notifications, {{count}} unread",
  "panel.title": "Notifications",
  "action.markAllRead": "Mark all as read",
  "action.preferences": "Notification preferences",
  "list.empty": "You have no notifications yet.",
  "list.failed": "Failed to fetch notifications",
  "item.unread": "Unread",
  "item.time": "{{date}}, {{time}}",
  markReadFailed: "Failed to mark the notification as read",
  markAllReadFailed: "Failed to mark the notifications as read",
  // The Notification Preferences page.
  "preferences.intro":
    "Choose which notifications also reach you by e-mail. Every notification appears under the bell in the header, whatever you choose here.",
  "preferences.emailHeading": "E-mail notifications",
  "preferences.noMailTitle": "No e-mail address on your account",
  "preferences.noMail":
    "Your account signs in with a User ID and has no e-mail address, so your notifications appear in the app only, under the bell.",
  "preferences.loadFailed": "Failed to fetch your notification preferences",
  "preferences.saveFailed": "Failed to save your notification preferences",
  "email.task_assigned": "New task assigned to me",
  "email.task_assigned.hint":
    "When a task is given to you, whether new or handed over from someone else.",
  "email.task_unassigned": "My task reassigned to someone else",
  "email.task_unassigned.hint": "When one of your tasks is given to another person.",
  "email.task_due_date_changed": "Due date of my task changed",
  "email.task_due_date_changed.hint": "When the due date of one of your tasks is moved.",
  "email.task_completed": "My task marked completed",
  "email.task_completed.hint": "When one of your tasks is marked completed.",
  "email.task_progress": "Progress on tasks I created",
  "email.task_progress.hint":
    "When the assignee of a task you created reports progress; reports within 15 minutes come as one e-mail.",
  "email.task_super_overdue": "Task becomes super overdue",
  "email.task_super_overdue.hint":
    "When a task you created, or one you oversee, becomes super overdue.",
  "email.task_reply": "Reply on my task",
  "email.task_reply.hint":
    "When an administrator answers in the progress thread of one of your tasks.",
  "email.extension_requested": "Extension requested on a task I created",
  "email.extension_requested.hint":
    "When the assignee of a task you created asks for a later due date.",
  "email.extension_approved": "My extension request approved",
  "email.extension_approved.hint": "When your request for a later due date is approved.",
  "email.extension_declined": "My extension request declined",
  "email.extension_declined.hint": "When your request for a later due date is declined.",
  "email.digest": "Daily digest",
  "email.digest.hint":
    "Each working morning, a summary of your tasks due today, due soon and overdue.",
  "email.daily_brief": "The Secretary's Daily Brief",
  "email.daily_brief.hint":
    "Each working morning at 08:00, the one-page brief: engagements, due and overdue work, decisions.",
  "email.engagement_created": "New engagement I attend",
  "email.engagement_created.hint": "When you are made a participant of an engagement.",
  "email.engagement_changed": "Engagement I attend changed",
  "email.engagement_changed.hint":
    "When the date, time, venue, subject or status of an engagement you attend changes, or you are taken off its participants.",
  "email.engagement_postponed": "Engagement I attend postponed",
  "email.engagement_postponed.hint": "When an engagement you attend is postponed.",
  "email.engagement_cancelled": "Engagement I attend cancelled",
  "email.engagement_cancelled.hint": "When an engagement you attend is cancelled or deleted.",
} as const;
